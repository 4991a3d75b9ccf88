#ifndef DIDOJO_CCMARKGFMSHIM_H
#define DIDOJO_CCMARKGFMSHIM_H

#include <stddef.h>

/*
 * A thread-safe way to parse GitHub-flavoured Markdown with cmark-gfm, and the kinds of the
 * nodes its extensions add.
 *
 * cmark-gfm is not safe to use from two threads at once with extensions attached: parsing
 * switches the extensions' special characters on and off in a table shared by every parser
 * (cmark_manage_extensions_special_characters in blocks.c), and registering the extensions
 * sets an unguarded flag. Every parse therefore goes through here.
 *
 * cmark's types are only forward-declared so that this header does not define them a second
 * time next to the CCmarkGFM module; Swift sees the node as an OpaquePointer either way.
 */

struct cmark_node;

/// Parses `length` bytes of UTF-8 Markdown with the table, strikethrough (`~~text~~`) and
/// autolink extensions attached. Returns the document node, which the caller frees with
/// cmark_node_free, or NULL when memory ran out.
struct cmark_node *didojo_cmark_parse_gfm(const char *text, size_t length);

/// The nodes the extensions add; their type numbers are only known once they are registered.
typedef enum {
    DIDOJO_CMARK_NOT_EXTENSION = 0,
    DIDOJO_CMARK_TABLE,
    DIDOJO_CMARK_TABLE_ROW,
    DIDOJO_CMARK_TABLE_CELL,
    DIDOJO_CMARK_STRIKETHROUGH,
} didojo_cmark_extension_node;

/// Which extension node `node` is, or DIDOJO_CMARK_NOT_EXTENSION for cmark's own nodes.
didojo_cmark_extension_node didojo_cmark_extension_node_kind(struct cmark_node *node);

#endif
