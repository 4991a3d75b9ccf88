#ifndef DIDOJO_CLIBEDITSHIM_H
#define DIDOJO_CLIBEDITSHIM_H

/*
 * Fixed-signature wrappers around libedit's variadic el_set, el_get and
 * history calls, which Swift cannot call directly.
 *
 * The libedit types are only forward-declared here so that this header does
 * not define them a second time next to the CLibEdit module; Swift sees both
 * as OpaquePointer either way.
 */

struct editline;
struct history;

/// A prompt function: returns the prompt text for the given editor.
typedef char *(*didojo_prompt_fn)(struct editline *editor);

/// An editor command bound to a key: returns one of libedit's CC_* codes.
typedef unsigned char (*didojo_command_fn)(struct editline *editor, int key);

/* ---- el_set / el_get ---- */

/// EL_PROMPT_ESC: sets the prompt function; characters between two
/// `invisible_delimiter` characters are printed but take no screen width.
int didojo_el_set_prompt(struct editline *editor, didojo_prompt_fn prompt, char invisible_delimiter);

/// EL_EDITOR: "emacs" or "vi".
int didojo_el_set_editor(struct editline *editor, const char *mode);

/// EL_HIST: connects a history list so Up/Down recall entries.
int didojo_el_set_history(struct editline *editor, struct history *history);

/// EL_ADDFN: registers a named editor command.
int didojo_el_add_function(struct editline *editor, const char *name, const char *help, didojo_command_fn function);

/// EL_BIND: binds a key (for example "^I") to a named command.
int didojo_el_bind(struct editline *editor, const char *key, const char *command);

/// EL_SETTY: changes one terminal flag for one mode, for example ("-d", "-isig").
int didojo_el_set_tty(struct editline *editor, const char *mode, const char *flag);

/// EL_SIGNAL: when on, libedit installs its own signal handlers during el_gets.
int didojo_el_set_signal(struct editline *editor, int on);

/// EL_CLIENTDATA: stores an opaque pointer that callbacks can fetch back.
int didojo_el_set_clientdata(struct editline *editor, void *data);

/// EL_CLIENTDATA: returns the pointer stored with didojo_el_set_clientdata, or NULL.
void *didojo_el_get_clientdata(struct editline *editor);

/* ---- history() ---- */

/// H_SETSIZE: the maximum number of remembered entries.
int didojo_history_set_size(struct history *history, int size);

/// H_SETUNIQUE: when on, an entry equal to the previous one is not added.
int didojo_history_set_unique(struct history *history, int unique);

/// H_ENTER: adds an entry as the newest one.
int didojo_history_enter(struct history *history, const char *line);

/// H_CLEAR: removes all entries.
int didojo_history_clear(struct history *history);

/// H_GETSIZE: the number of entries currently stored, or -1 on error.
int didojo_history_count(struct history *history);

/* ---- SIGINT ---- */

/// Installs a SIGINT handler (without SA_RESTART) that only sets a flag, so
/// Ctrl-C never kills the process and a blocked read() fails with EINTR.
void didojo_interrupt_install(void);

/// Returns 1 if SIGINT arrived since the last call, and clears the flag.
int didojo_interrupt_take(void);

/// The read end of the wake pipe the handler writes a byte to at each SIGINT, for poll(2);
/// -1 before didojo_interrupt_install, or when no pipe could be made.
int didojo_interrupt_descriptor(void);

/// Reads every byte waiting in the wake pipe, without blocking.
void didojo_interrupt_drain(void);

/// Installs the same handler for SIGTERM and SIGHUP (a script's `timeout`, a closed terminal),
/// noting which arrived: they interrupt as Ctrl-C does, and the program ends by that signal once
/// it has stopped what ran (see didojo_stop_signal).
void didojo_interrupt_install_stop_signals(void);

/// The stop signal (SIGTERM or SIGHUP) that arrived, or 0 when none did.
int didojo_stop_signal(void);

/// Ends the process by the stop signal that arrived, with that signal's default action, so
/// whoever sent it sees the program ended by it; returns (doing nothing) when none arrived.
void didojo_end_by_stop_signal(void);

#endif
