#include "CCmarkGFMShim.h"

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <pthread.h>

/* The library exports these type numbers, set when the extensions register, but declares
   them in headers Debian does not install (table.h, strikethrough.h). */
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

static pthread_once_t registration = PTHREAD_ONCE_INIT;
static pthread_mutex_t parsing = PTHREAD_MUTEX_INITIALIZER;

static const char *const extension_names[] = {"table", "strikethrough", "autolink"};
enum { extension_count = sizeof extension_names / sizeof extension_names[0] };
static cmark_syntax_extension *extensions[extension_count];

static void register_extensions(void) {
    cmark_gfm_core_extensions_ensure_registered();
    for (int index = 0; index < extension_count; index++) {
        extensions[index] = cmark_find_syntax_extension(extension_names[index]);
    }
}

struct cmark_node *didojo_cmark_parse_gfm(const char *text, size_t length) {
    pthread_once(&registration, register_extensions);
    /* Double tildes only: a single ~ is common in paths (~/didojo-workspace). */
    cmark_parser *parser = cmark_parser_new(CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE);
    if (parser == NULL) {
        return NULL;
    }
    for (int index = 0; index < extension_count; index++) {
        if (extensions[index] != NULL) {
            cmark_parser_attach_syntax_extension(parser, extensions[index]);
        }
    }
    /* Feeding parses blocks and finishing parses inlines; both run with the extensions'
       shared state, so the whole parse is one critical section. */
    pthread_mutex_lock(&parsing);
    cmark_parser_feed(parser, text, length);
    cmark_node *document = cmark_parser_finish(parser);
    pthread_mutex_unlock(&parsing);
    cmark_parser_free(parser);
    return document;
}

didojo_cmark_extension_node didojo_cmark_extension_node_kind(struct cmark_node *node) {
    pthread_once(&registration, register_extensions);
    cmark_node_type type = cmark_node_get_type(node);
    if (type == CMARK_NODE_TABLE) return DIDOJO_CMARK_TABLE;
    if (type == CMARK_NODE_TABLE_ROW) return DIDOJO_CMARK_TABLE_ROW;
    if (type == CMARK_NODE_TABLE_CELL) return DIDOJO_CMARK_TABLE_CELL;
    if (type == CMARK_NODE_STRIKETHROUGH) return DIDOJO_CMARK_STRIKETHROUGH;
    return DIDOJO_CMARK_NOT_EXTENSION;
}
