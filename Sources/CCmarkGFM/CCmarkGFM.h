/*
 * cmark-gfm, GitHub's fork of the CommonMark reference parser, and its core extensions
 * (tables, strikethrough, autolinks), from Debian's libcmark-gfm-dev and
 * libcmark-gfm-extensions-dev.
 */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
