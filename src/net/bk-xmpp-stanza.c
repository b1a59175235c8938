/* bk-xmpp-stanza.c: small helpers for building and reading stanzas and JIDs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"

#include <string.h>

char *
bk_xmpp_new_id (BkXmppClient *self,
                const char   *what)
{
  return g_strdup_printf ("bk-%s-%u-%u", what, g_random_int (), ++self->serial);
}

char *
bk_xmpp_jid_bare (const char *jid)
{
  const char *slash = jid != NULL ? strchr (jid, '/') : NULL;

  return slash != NULL ? g_strndup (jid, (gsize) (slash - jid)) : g_strdup (jid);
}

const char *
bk_xmpp_jid_resource (const char *jid)
{
  const char *slash = jid != NULL ? strchr (jid, '/') : NULL;

  return slash != NULL ? slash + 1 : NULL;
}

char *
bk_xmpp_jid_domain (const char *jid)
{
  g_autofree char *bare = bk_xmpp_jid_bare (jid);
  const char *at = strchr (bare, '@');

  return g_strdup (at != NULL ? at + 1 : bare);
}

xmpp_stanza_t *
bk_xmpp_child_new (xmpp_ctx_t    *ctx,
                   xmpp_stanza_t *parent,
                   const char    *name,
                   const char    *ns)
{
  xmpp_stanza_t *child = xmpp_stanza_new (ctx);

  xmpp_stanza_set_name (child, name);
  if (ns != NULL)
    xmpp_stanza_set_ns (child, ns);
  xmpp_stanza_add_child (parent, child);
  xmpp_stanza_release (child);   /* the parent holds it */
  return child;
}

void
bk_xmpp_child_text (xmpp_ctx_t    *ctx,
                    xmpp_stanza_t *parent,
                    const char    *name,
                    const char    *text)
{
  xmpp_stanza_t *child = bk_xmpp_child_new (ctx, parent, name, NULL);
  xmpp_stanza_t *node = xmpp_stanza_new (ctx);
  g_autofree char *clean = bk_xmpp_text_sanitize (text);

  xmpp_stanza_set_text (node, clean);
  xmpp_stanza_add_child (child, node);
  xmpp_stanza_release (node);
}

const char *
bk_xmpp_error_condition (xmpp_stanza_t *stanza)
{
  xmpp_stanza_t *error = xmpp_stanza_get_child_by_name (stanza, "error");

  for (xmpp_stanza_t *c = error != NULL ? xmpp_stanza_get_children (error) : NULL; c != NULL;
       c = xmpp_stanza_get_next (c))
    if (xmpp_stanza_is_tag (c) && g_strcmp0 (xmpp_stanza_get_ns (c), XMPP_NS_STANZAS_IETF) == 0)
      return xmpp_stanza_get_name (c);
  return NULL;
}
