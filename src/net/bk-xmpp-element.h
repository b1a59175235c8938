/* bk-xmpp-element.h: a small XML element tree (name, namespace, attributes, text,
 * children) for the payloads of our own namespace, so that the protocol code never sees
 * libstrophe's stanzas. Parsing is bounded: bk_xmpp_element_parse() refuses input above
 * BK_XMPP_ELEMENT_MAX_BYTES or deeper than BK_XMPP_ELEMENT_MAX_DEPTH.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BK_NET_NS "urn:io.github.bierkopf:table:1"
#define BK_XMPP_ELEMENT_MAX_BYTES (64 * 1024)
#define BK_XMPP_ELEMENT_MAX_DEPTH 8

typedef struct _BkXmppElement BkXmppElement;

BkXmppElement       *bk_xmpp_element_new        (const char          *name,
                                                 const char          *ns_or_NULL);
BkXmppElement       *bk_xmpp_element_ref        (BkXmppElement       *self);
void                 bk_xmpp_element_unref      (BkXmppElement       *self);
const char          *bk_xmpp_element_get_name   (const BkXmppElement *self);
const char          *bk_xmpp_element_get_ns     (const BkXmppElement *self);
void                 bk_xmpp_element_set_attr   (BkXmppElement       *self,
                                                 const char          *key,
                                                 const char          *value);
const char          *bk_xmpp_element_get_attr   (const BkXmppElement *self,
                                                 const char          *key);
/* attribute names in the order set */
const char * const  *bk_xmpp_element_get_attr_names (const BkXmppElement *self);
void                 bk_xmpp_element_set_text   (BkXmppElement       *self,
                                                 const char          *text);
const char          *bk_xmpp_element_get_text   (const BkXmppElement *self);
/* takes a reference of `child` */
void                 bk_xmpp_element_add_child  (BkXmppElement       *self,
                                                 BkXmppElement       *child);
const GPtrArray     *bk_xmpp_element_get_children (const BkXmppElement *self);
const BkXmppElement *bk_xmpp_element_get_child  (const BkXmppElement *self,
                                                 const char          *name);
char                *bk_xmpp_element_to_string  (const BkXmppElement *self);
BkXmppElement       *bk_xmpp_element_parse      (const char          *xml,
                                                 gssize               length,
                                                 GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkXmppElement, bk_xmpp_element_unref)

G_END_DECLS
