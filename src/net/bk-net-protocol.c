/* bk-net-protocol.c: the payloads of a table over XMPP (docs/network.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-error.h"
#include "bk-net-protocol.h"
#include "bk-record.h"

G_DEFINE_QUARK (bk-net-error-quark, bk_net_error)

/* docs/network.md, "Caps": the longest field of each sort. */
#define MAX_LINE 200
#define MAX_MESSAGE 1000
#define MAX_NICK 100
#define MAX_HAND_NUMBER 1000000
#define MAX_SEQ 100000
#define MAX_SECONDS 86400

static const char * const kind_names[BK_NET_N_KINDS] = {
  "table", "claim", "commit", "secret", "hand", "line", "request", "decline", "action",
  "refused", "reveal", "resync", "state", "wait", "end", "token",
};

/* The attributes each payload has, all required ("v" on every one). */
static const char * const kind_attrs[BK_NET_N_KINDS][6] = {
  [BK_NET_TABLE] = { "v", "host", "seats", NULL },
  [BK_NET_CLAIM] = { "v", "seat", NULL },
  [BK_NET_COMMIT] = { "v", "hand", "sha256", NULL },
  [BK_NET_SECRET] = { "v", "hand", "value", NULL },
  [BK_NET_HAND] = { "v", "hand", "seat", NULL },
  [BK_NET_LINE] = { "v", "hand", "seq", NULL },
  [BK_NET_REQUEST] = { "v", "hand", "seq", NULL },
  [BK_NET_DECLINE] = { "v", "hand", "seq", NULL },
  [BK_NET_ACTION] = { "v", "hand", "seq", NULL },
  [BK_NET_REFUSED] = { "v", "hand", "seq", "reason", NULL },
  [BK_NET_REVEAL] = { "v", "hand", "host", NULL },
  [BK_NET_RESYNC] = { "v", NULL },
  [BK_NET_STATE] = { "v", "hand", "seq", NULL },
  [BK_NET_WAIT] = { "v", "seat", "seconds", NULL },
  [BK_NET_END] = { "v", "hand", NULL },
  [BK_NET_TOKEN] = { "v", "seat", "value", NULL },
};

/* The optional attributes of a payload, each documented in a subsection of its own
 * (docs/network.md 3.15: the table's hints; 3.3: a state without a seat is a
 * spectator's; 3.16: a claim with the seat's resume token). */
static const char * const kind_optional[BK_NET_N_KINDS][2] = {
  [BK_NET_TABLE] = { "hints", NULL },
  [BK_NET_CLAIM] = { "token", NULL },
  [BK_NET_STATE] = { "seat", NULL },
};

const char *
bk_net_kind_name (BkNetKind kind)
{
  g_return_val_if_fail (kind < BK_NET_N_KINDS, NULL);
  return kind_names[kind];
}

BkNetKind
bk_net_kind_from_name (const char *name)
{
  BkNetKind kind;

  g_return_val_if_fail (name != NULL, BK_NET_N_KINDS);

  for (kind = 0; kind < BK_NET_N_KINDS; kind++)
    if (strcmp (name, kind_names[kind]) == 0)
      break;
  return kind;
}

void
bk_net_stanza_init (BkNetStanza *stanza,
                    BkNetKind    kind)
{
  g_return_if_fail (stanza != NULL && kind < BK_NET_N_KINDS);
  memset (stanza, 0, sizeof *stanza);
  stanza->kind = kind;
}

void
bk_net_stanza_clear (BkNetStanza *stanza)
{
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      g_clear_pointer (&stanza->seats[s].nick, g_free);
      g_clear_pointer (&stanza->seats[s].level, g_free);
    }
  g_clear_pointer (&stanza->text, g_free);
  g_clear_pointer (&stanza->code, g_free);
  g_clear_pointer (&stanza->host, g_free);
  g_clear_pointer (&stanza->record, g_free);
  g_clear_pointer (&stanza->lines, g_free);
}

char *
bk_net_hex (const guint8 *bytes,
            gsize         n)
{
  static const char digits[] = "0123456789abcdef";
  char *text = g_new (char, 2 * n + 1);

  for (gsize i = 0; i < n; i++)
    {
      text[2 * i] = digits[bytes[i] >> 4];
      text[2 * i + 1] = digits[bytes[i] & 15];
    }
  text[2 * n] = '\0';
  return text;
}

/* Exactly 2 @n lowercase hexadecimal digits. */
gboolean
bk_net_hex_parse (const char *text,
                  guint8     *bytes,
                  gsize       n)
{
  if (text == NULL || strlen (text) != 2 * n)
    return FALSE;
  for (gsize i = 0; i < 2 * n; i++)
    if (!g_ascii_isxdigit (text[i]) || g_ascii_isupper (text[i]))
      return FALSE;
  for (gsize i = 0; i < n; i++)
    bytes[i] = (guint8) (g_ascii_xdigit_value (text[2 * i]) << 4 |
                         g_ascii_xdigit_value (text[2 * i + 1]));
  return TRUE;
}

static void
set_uint (BkXmppElement *element,
          const char    *key,
          guint          value)
{
  char buffer[16];

  g_snprintf (buffer, sizeof buffer, "%u", value);
  bk_xmpp_element_set_attr (element, key, buffer);
}

static void
set_hex (BkXmppElement *element,
         const char    *key,
         const guint8  *bytes)
{
  g_autofree char *hex = bk_net_hex (bytes, BK_NET_SECRET_SIZE);

  bk_xmpp_element_set_attr (element, key, hex);
}

static void
add_text_child (BkXmppElement *element,
                const char    *name,
                const char    *text)
{
  g_autoptr (BkXmppElement) child = bk_xmpp_element_new (name, NULL);

  bk_xmpp_element_set_text (child, text ? text : "");
  bk_xmpp_element_add_child (element, child);
}

BkXmppElement *
bk_net_stanza_build (const BkNetStanza *stanza)
{
  BkXmppElement *element;

  g_return_val_if_fail (stanza != NULL && stanza->kind < BK_NET_N_KINDS, NULL);

  element = bk_xmpp_element_new (kind_names[stanza->kind], BK_NET_NS);
  bk_xmpp_element_set_attr (element, "v", BK_NET_VERSION);
  switch (stanza->kind)
    {
    case BK_NET_TABLE:
      bk_xmpp_element_set_attr (element, "host", stanza->host ? stanza->host : "");
      set_uint (element, "seats", stanza->n_seats);
      if (stanza->hints_off)
        bk_xmpp_element_set_attr (element, "hints", "off");
      add_text_child (element, "rules", stanza->record);
      for (guint s = 0; s < stanza->n_seats; s++)
        {
          g_autoptr (BkXmppElement) seat = bk_xmpp_element_new ("seat", NULL);

          set_uint (seat, "n", s);
          if (stanza->seats[s].nick)
            bk_xmpp_element_set_attr (seat, "nick", stanza->seats[s].nick);
          if (stanza->seats[s].level)
            bk_xmpp_element_set_attr (seat, "level", stanza->seats[s].level);
          if (stanza->seats[s].away)
            bk_xmpp_element_set_attr (seat, "away", "true");
          bk_xmpp_element_add_child (element, seat);
        }
      break;
    case BK_NET_CLAIM:
      set_uint (element, "seat", stanza->seat);
      if (stanza->has_token)
        {
          g_autofree char *hex = bk_net_hex (stanza->token, BK_NET_TOKEN_SIZE);

          bk_xmpp_element_set_attr (element, "token", hex);
        }
      break;
    case BK_NET_COMMIT:
      set_uint (element, "hand", stanza->hand);
      set_hex (element, "sha256", stanza->digest);
      break;
    case BK_NET_SECRET:
      set_uint (element, "hand", stanza->hand);
      set_hex (element, "value", stanza->digest);
      break;
    case BK_NET_HAND:
      set_uint (element, "hand", stanza->hand);
      set_uint (element, "seat", stanza->seat);
      bk_xmpp_element_set_text (element, stanza->text ? stanza->text : "");
      break;
    case BK_NET_LINE:
    case BK_NET_REQUEST:
    case BK_NET_ACTION:
    case BK_NET_DECLINE:
      set_uint (element, "hand", stanza->hand);
      set_uint (element, "seq", stanza->seq);
      if (stanza->kind != BK_NET_DECLINE)
        bk_xmpp_element_set_text (element, stanza->text ? stanza->text : "");
      break;
    case BK_NET_REFUSED:
      set_uint (element, "hand", stanza->hand);
      set_uint (element, "seq", stanza->seq);
      bk_xmpp_element_set_attr (element, "reason", stanza->code ? stanza->code : "malformed");
      bk_xmpp_element_set_text (element, stanza->text ? stanza->text : "");
      break;
    case BK_NET_REVEAL:
      set_uint (element, "hand", stanza->hand);
      set_hex (element, "host", stanza->digest);
      for (guint i = 0; i < stanza->n_seats; i++)
        {
          g_autoptr (BkXmppElement) secret = bk_xmpp_element_new ("secret", NULL);

          set_uint (secret, "seat", stanza->secret_seats[i]);
          set_hex (secret, "value", stanza->secrets[i]);
          bk_xmpp_element_add_child (element, secret);
        }
      break;
    case BK_NET_RESYNC:
      break;
    case BK_NET_STATE:
      set_uint (element, "hand", stanza->hand);
      set_uint (element, "seq", stanza->seq);
      /* a spectator's state has no seat and no cards (docs/network.md 3.3) */
      if (stanza->seat != BK_SEAT_NONE)
        set_uint (element, "seat", stanza->seat);
      add_text_child (element, "record", stanza->record);
      add_text_child (element, "lines", stanza->lines);
      add_text_child (element, "cards", stanza->text);
      if (stanza->has_digest)
        {
          g_autoptr (BkXmppElement) commit = bk_xmpp_element_new ("commit", NULL);

          set_hex (commit, "sha256", stanza->digest);
          bk_xmpp_element_add_child (element, commit);
        }
      break;
    case BK_NET_WAIT:
      set_uint (element, "seat", stanza->seat);
      set_uint (element, "seconds", stanza->seconds);
      break;
    case BK_NET_END:
      set_uint (element, "hand", stanza->hand);
      break;
    case BK_NET_TOKEN:
      set_uint (element, "seat", stanza->seat);
      {
        g_autofree char *hex = bk_net_hex (stanza->token, BK_NET_TOKEN_SIZE);

        bk_xmpp_element_set_attr (element, "value", hex);
      }
      break;
    case BK_NET_N_KINDS:
    default:
      g_assert_not_reached ();
    }
  return element;
}

static gboolean
malformed (GError    **error,
           const char *format,
           ...) G_GNUC_PRINTF (2, 3);

static gboolean
malformed (GError    **error,
           const char *format,
           ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, BK_NET_ERROR, BK_NET_ERROR_MALFORMED, message);
  return FALSE;
}

static gboolean
get_uint (const BkXmppElement *element,
          const char          *key,
          guint                max,
          guint               *value,
          GError             **error)
{
  const char *text = bk_xmpp_element_get_attr (element, key);
  guint64 number;

  /* Digits only: no sign, no spaces, no leading zeros but "0" itself. */
  if (text == NULL || text[0] == '\0' || (text[0] == '0' && text[1] != '\0') ||
      strspn (text, "0123456789") != strlen (text) || strlen (text) > 9 ||
      !g_ascii_string_to_unsigned (text, 10, 0, max, &number, NULL))
    return malformed (error, _("“%s” of <%s/> is not a number from 0 to %u"), key,
                      bk_xmpp_element_get_name (element), max);
  *value = (guint) number;
  return TRUE;
}

/* A resume token (docs/network.md 3.16): exactly 32 lowercase hexadecimal digits. */
static gboolean
get_token (const BkXmppElement *element,
           const char          *key,
           guint8              *bytes,
           GError             **error)
{
  if (!bk_net_hex_parse (bk_xmpp_element_get_attr (element, key), bytes, BK_NET_TOKEN_SIZE))
    return malformed (error, _("“%s” of <%s/> is not 32 lowercase hexadecimal digits"), key,
                      bk_xmpp_element_get_name (element));
  return TRUE;
}

static gboolean
get_hex (const BkXmppElement *element,
         const char          *key,
         guint8              *bytes,
         GError             **error)
{
  if (!bk_net_hex_parse (bk_xmpp_element_get_attr (element, key), bytes, BK_NET_SECRET_SIZE))
    return malformed (error, _("“%s” of <%s/> is not 64 lowercase hexadecimal digits"), key,
                      bk_xmpp_element_get_name (element));
  return TRUE;
}

/* Text without control characters (a newline only where @lines), at most @max bytes. */
static gboolean
check_text (const char  *text,
            gsize        max,
            gboolean     lines,
            const char  *what,
            GError     **error)
{
  gsize n = strlen (text);

  if (n > max)
    {
      g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_TOO_LARGE,
                   _("“%s” is longer than %u bytes"), what, (guint) max);
      return FALSE;
    }
  if (!g_utf8_validate (text, (gssize) n, NULL))
    return malformed (error, _("“%s” is not UTF-8"), what);
  for (gsize i = 0; i < n; i++)
    if ((guchar) text[i] < 0x20 && !(lines && text[i] == '\n'))
      return malformed (error, _("“%s” has a control character"), what);
  return TRUE;
}

static gboolean
get_text (const BkXmppElement *element,
          gsize                max,
          gboolean             lines,
          char               **out,
          GError             **error)
{
  const char *text = bk_xmpp_element_get_text (element);

  if (text == NULL)
    text = "";
  if (!check_text (text, max, lines, bk_xmpp_element_get_name (element), error))
    return FALSE;
  *out = g_strdup (text);
  return TRUE;
}

static gboolean
only_attrs (const BkXmppElement *element,
            const char * const  *allowed,
            GError             **error)
{
  const char * const *names = bk_xmpp_element_get_attr_names (element);

  for (guint i = 0; names && names[i]; i++)
    if (!g_strv_contains (allowed, names[i]))
      return malformed (error, _("<%s/> has no attribute “%s”"),
                        bk_xmpp_element_get_name (element), names[i]);
  return TRUE;
}

/* The children of @element, each named one of @allowed (NULL: none allowed); text
 * between them only blanks. */
static gboolean
only_children (const BkXmppElement *element,
               const char * const  *allowed,
               GError             **error)
{
  const GPtrArray *children = bk_xmpp_element_get_children (element);

  for (guint i = 0; i < children->len; i++)
    {
      const BkXmppElement *child = g_ptr_array_index (children, i);

      if (allowed == NULL || !g_strv_contains (allowed, bk_xmpp_element_get_name (child)))
        return malformed (error, _("<%s/> may not hold <%s/>"),
                          bk_xmpp_element_get_name (element), bk_xmpp_element_get_name (child));
      if (bk_xmpp_element_get_children (child)->len > 0)
        return malformed (error, _("<%s/> is nested too deep"),
                          bk_xmpp_element_get_name (child));
    }
  if (children->len > 0 && bk_xmpp_element_get_text (element) &&
      strspn (bk_xmpp_element_get_text (element), " \t\r\n") !=
      strlen (bk_xmpp_element_get_text (element)))
    return malformed (error, _("<%s/> holds text beside its elements"),
                      bk_xmpp_element_get_name (element));
  return TRUE;
}

static const BkXmppElement *
required_child (const BkXmppElement *element,
                const char          *name,
                GError             **error)
{
  const BkXmppElement *child = bk_xmpp_element_get_child (element, name);

  if (child == NULL)
    malformed (error, _("<%s/> lacks <%s/>"), bk_xmpp_element_get_name (element), name);
  return child;
}

/* A payload's attributes: the required ones of its kind, or one of its optional ones. */
static gboolean
payload_attrs (const BkXmppElement *element,
               BkNetKind            kind,
               GError             **error)
{
  const char * const *names = bk_xmpp_element_get_attr_names (element);

  for (guint i = 0; names && names[i]; i++)
    if (!g_strv_contains (kind_attrs[kind], names[i]) &&
        !g_strv_contains (kind_optional[kind], names[i]))
      return malformed (error, _("<%s/> has no attribute “%s”"),
                        bk_xmpp_element_get_name (element), names[i]);
  return TRUE;
}

static gboolean
parse_table (const BkXmppElement *element,
             BkNetStanza         *stanza,
             GError             **error)
{
  static const char * const children[] = { "rules", "seat", NULL };
  static const char * const seat_attrs[] = { "n", "nick", "level", "away", NULL };
  const GPtrArray *list = bk_xmpp_element_get_children (element);
  const BkXmppElement *rules;
  const char *value;
  guint seen = 0;

  if (!only_children (element, children, error) ||
      !get_uint (element, "seats", BK_MAX_SEATS, &stanza->n_seats, error) ||
      !(rules = required_child (element, "rules", error)) ||
      !get_text (rules, BK_NET_MAX_PAYLOAD_BYTES, TRUE, &stanza->record, error))
    return FALSE;
  stanza->host = g_strdup (bk_xmpp_element_get_attr (element, "host"));
  if (!check_text (stanza->host, MAX_NICK, FALSE, "nickname", error))
    return FALSE;
  if ((value = bk_xmpp_element_get_attr (element, "hints")))
    {
      if (strcmp (value, "off") != 0)
        return malformed (error, _("“hints” is “off” or left out"));
      stanza->hints_off = TRUE;
    }
  if (stanza->n_seats < 3)
    return malformed (error, _("A table has 3 to %u seats"), BK_MAX_SEATS);
  for (guint i = 0; i < list->len; i++)
    {
      const BkXmppElement *seat = g_ptr_array_index (list, i);
      guint n;

      if (strcmp (bk_xmpp_element_get_name (seat), "seat") != 0)
        continue;
      if (!only_attrs (seat, seat_attrs, error) ||
          !get_uint (seat, "n", stanza->n_seats - 1, &n, error))
        return FALSE;
      if (seen & (1u << n))
        return malformed (error, _("Seat %u is listed twice"), n);
      seen |= 1u << n;
      if ((value = bk_xmpp_element_get_attr (seat, "nick")))
        {
          if (!check_text (value, MAX_NICK, FALSE, "nickname", error))
            return FALSE;
          stanza->seats[n].nick = g_strdup (value);
        }
      if ((value = bk_xmpp_element_get_attr (seat, "level")))
        {
          if (!check_text (value, MAX_NICK, FALSE, "level", error))
            return FALSE;
          stanza->seats[n].level = g_strdup (value);
        }
      if ((value = bk_xmpp_element_get_attr (seat, "away")))
        {
          if (strcmp (value, "true") != 0)
            return malformed (error, _("“away” is “true” or left out"));
          stanza->seats[n].away = TRUE;
        }
    }
  if (seen != (1u << stanza->n_seats) - 1)
    return malformed (error, _("The table does not list each of its seats"));
  return TRUE;
}

static gboolean
parse_reveal (const BkXmppElement *element,
              BkNetStanza         *stanza,
              GError             **error)
{
  static const char * const children[] = { "secret", NULL };
  static const char * const secret_attrs[] = { "seat", "value", NULL };
  const GPtrArray *list = bk_xmpp_element_get_children (element);
  guint seen = 0;

  if (!only_children (element, children, error) ||
      !get_hex (element, "host", stanza->digest, error))
    return FALSE;
  if (list->len > BK_MAX_SEATS)
    return malformed (error, _("More secrets than seats"));
  for (guint i = 0; i < list->len; i++)
    {
      const BkXmppElement *secret = g_ptr_array_index (list, i);
      guint seat;

      if (!only_attrs (secret, secret_attrs, error) ||
          !get_uint (secret, "seat", BK_MAX_SEATS - 1, &seat, error) ||
          !get_hex (secret, "value", stanza->secrets[i], error))
        return FALSE;
      /* in the order of the seats, each once */
      if (seen >> seat)
        return malformed (error, _("The secrets are not in the order of the seats"));
      seen |= 1u << seat;
      stanza->secret_seats[i] = (guint8) seat;
    }
  stanza->n_seats = list->len;
  return TRUE;
}

static gboolean
parse_state (const BkXmppElement *element,
             BkNetStanza         *stanza,
             GError             **error)
{
  static const char * const children[] = { "record", "lines", "cards", "commit", NULL };
  static const char * const commit_attrs[] = { "sha256", NULL };
  const BkXmppElement *child, *commit;

  if (!only_children (element, children, error) ||
      !get_uint (element, "seq", MAX_SEQ, &stanza->seq, error))
    return FALSE;
  /* without a seat: the public table, for a spectator (docs/network.md 3.3) */
  stanza->seat = BK_SEAT_NONE;
  if (bk_xmpp_element_get_attr (element, "seat") &&
      !get_uint (element, "seat", BK_MAX_SEATS - 1, &stanza->seat, error))
    return FALSE;
  if (!(child = required_child (element, "record", error)) ||
      !get_text (child, BK_NET_MAX_PAYLOAD_BYTES, TRUE, &stanza->record, error) ||
      !(child = required_child (element, "lines", error)) ||
      !get_text (child, BK_NET_MAX_PAYLOAD_BYTES, TRUE, &stanza->lines, error) ||
      !(child = required_child (element, "cards", error)) ||
      !get_text (child, MAX_LINE, FALSE, &stanza->text, error))
    return FALSE;
  if (stanza->seat == BK_SEAT_NONE && stanza->text[0] != '\0')
    return malformed (error, _("A state without a seat holds no cards"));
  if ((commit = bk_xmpp_element_get_child (element, "commit")))
    {
      if (!only_attrs (commit, commit_attrs, error) ||
          !get_hex (commit, "sha256", stanza->digest, error))
        return FALSE;
      stanza->has_digest = TRUE;
    }
  return TRUE;
}

/* Parses @element into @stanza (cleared first); FALSE with BK_NET_ERROR, @stanza then
 * empty. @max_bytes: the cap of its serialized size (BK_NET_MAX_REQUEST_BYTES for what
 * a guest sends). */
gboolean
bk_net_stanza_parse (const BkXmppElement *element,
                     gsize                max_bytes,
                     BkNetStanza         *stanza,
                     GError             **error)
{
  const char *name, *version;
  BkNetKind kind;
  gboolean ok = FALSE;

  g_return_val_if_fail (element != NULL && stanza != NULL, FALSE);

  memset (stanza, 0, sizeof *stanza);
  if (g_strcmp0 (bk_xmpp_element_get_ns (element), BK_NET_NS) != 0)
    return malformed (error, _("The payload is not in the namespace %s"), BK_NET_NS);
  {
    g_autofree char *serialized = bk_xmpp_element_to_string (element);

    if (strlen (serialized) > max_bytes)
      {
        g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_TOO_LARGE,
                     _("The payload has %u bytes, more than the %u allowed"),
                     (guint) strlen (serialized), (guint) max_bytes);
        return FALSE;
      }
  }
  name = bk_xmpp_element_get_name (element);
  kind = bk_net_kind_from_name (name);
  if (kind == BK_NET_N_KINDS)
    return malformed (error, _("<%s/> is no payload of this protocol"), name);
  version = bk_xmpp_element_get_attr (element, "v");
  if (version == NULL)
    return malformed (error, _("<%s/> has no version"), name);
  if (strcmp (version, BK_NET_VERSION) != 0)
    {
      g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_VERSION,
                   _("Version %.20s of the protocol is unknown here (this game speaks %s)"),
                   version, BK_NET_VERSION);
      return FALSE;
    }
  stanza->kind = kind;
  if (!payload_attrs (element, kind, error))
    goto out;
  for (guint i = 0; kind_attrs[kind][i]; i++)
    if (bk_xmpp_element_get_attr (element, kind_attrs[kind][i]) == NULL)
      {
        malformed (error, _("<%s/> lacks “%s”"), name, kind_attrs[kind][i]);
        goto out;
      }
  if (kind != BK_NET_TABLE && kind != BK_NET_REVEAL && kind != BK_NET_STATE &&
      !only_children (element, NULL, error))
    goto out;
  if (g_strv_contains (kind_attrs[kind], "hand") &&
      !get_uint (element, "hand", MAX_HAND_NUMBER, &stanza->hand, error))
    goto out;

  switch (kind)
    {
    case BK_NET_TABLE:
      ok = parse_table (element, stanza, error);
      break;
    case BK_NET_CLAIM:
      ok = get_uint (element, "seat", BK_MAX_SEATS - 1, &stanza->seat, error);
      if (ok && bk_xmpp_element_get_attr (element, "token"))
        ok = stanza->has_token = get_token (element, "token", stanza->token, error);
      break;
    case BK_NET_COMMIT:
      ok = get_hex (element, "sha256", stanza->digest, error);
      break;
    case BK_NET_SECRET:
      ok = get_hex (element, "value", stanza->digest, error);
      break;
    case BK_NET_HAND:
      ok = get_uint (element, "seat", BK_MAX_SEATS - 1, &stanza->seat, error) &&
           get_text (element, MAX_LINE, FALSE, &stanza->text, error);
      break;
    case BK_NET_LINE:
    case BK_NET_REQUEST:
    case BK_NET_ACTION:
      ok = get_uint (element, "seq", MAX_SEQ, &stanza->seq, error) &&
           get_text (element, MAX_LINE, FALSE, &stanza->text, error);
      if (ok && stanza->text[0] == '\0')
        ok = malformed (error, _("<%s/> is empty"), name);
      break;
    case BK_NET_DECLINE:
      ok = get_uint (element, "seq", MAX_SEQ, &stanza->seq, error);
      if (ok && bk_xmpp_element_get_text (element) && bk_xmpp_element_get_text (element)[0])
        ok = malformed (error, _("<%s/> holds no text"), name);
      break;
    case BK_NET_REFUSED:
      ok = get_uint (element, "seq", MAX_SEQ, &stanza->seq, error) &&
           get_text (element, MAX_MESSAGE, FALSE, &stanza->text, error);
      if (ok)
        {
          stanza->code = g_strdup (bk_xmpp_element_get_attr (element, "reason"));
          ok = check_text (stanza->code, 40, FALSE, "reason", error);
        }
      break;
    case BK_NET_REVEAL:
      ok = parse_reveal (element, stanza, error);
      break;
    case BK_NET_RESYNC:
      ok = TRUE;
      break;
    case BK_NET_STATE:
      ok = parse_state (element, stanza, error);
      break;
    case BK_NET_WAIT:
      ok = get_uint (element, "seat", BK_MAX_SEATS - 1, &stanza->seat, error) &&
           get_uint (element, "seconds", MAX_SECONDS, &stanza->seconds, error);
      break;
    case BK_NET_END:
      ok = TRUE;
      break;
    case BK_NET_TOKEN:
      ok = get_uint (element, "seat", BK_MAX_SEATS - 1, &stanza->seat, error) &&
           get_token (element, "value", stanza->token, error);
      break;
    case BK_NET_N_KINDS:
    default:
      g_assert_not_reached ();
    }
out:
  if (!ok)
    {
      bk_net_stanza_clear (stanza);
      memset (stanza, 0, sizeof *stanza);
    }
  return ok;
}

const char *
bk_net_error_code (const GError *error)
{
  static const char * const net_codes[] = {
    [BK_NET_ERROR_MALFORMED] = "malformed", [BK_NET_ERROR_VERSION] = "version",
    [BK_NET_ERROR_TOO_LARGE] = "too-large", [BK_NET_ERROR_FLOOD] = "flood",
    [BK_NET_ERROR_NOT_SEATED] = "not-your-seat", [BK_NET_ERROR_NICKNAME] = "nickname",
    [BK_NET_ERROR_REPLAYED] = "replayed", [BK_NET_ERROR_SEAT_TAKEN] = "seat-taken",
    [BK_NET_ERROR_UNEXPECTED] = "unexpected", [BK_NET_ERROR_VERIFY] = "verify",
  };

  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain == BK_NET_ERROR && error->code >= 0 &&
      (gsize) error->code < G_N_ELEMENTS (net_codes))
    return net_codes[error->code];
  if (error->domain == BK_ERROR)
    switch (error->code)
      {
      case BK_ERROR_NOT_YOUR_TURN: return "not-your-turn";
      case BK_ERROR_WRONG_PHASE: return "wrong-phase";
      case BK_ERROR_NOT_IN_HAND: return "not-in-hand";
      case BK_ERROR_ILLEGAL_CARD:
      case BK_ERROR_ILLEGAL_WORD:
      case BK_ERROR_ILLEGAL_STEP: return "illegal";
      case BK_ERROR_PARSE:
      case BK_ERROR_RECORD: return "malformed";
      default: return "refused";
      }
  return "refused";
}

/* Whether @line is an action line of @rules' game (its first word one of its module's
 * action keywords). */
gboolean
bk_net_line_is_public (const char *line)
{
  g_return_val_if_fail (line != NULL, FALSE);
  return !g_str_has_prefix (line, "hand ") && !g_str_has_prefix (line, "aside ") &&
         line[0] != '\0' && line[0] != '#';
}

char *
bk_net_public_lines (const char *hand_text)
{
  g_auto (GStrv) lines = NULL;
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (hand_text != NULL, NULL);

  lines = g_strsplit (hand_text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (bk_net_line_is_public (lines[i]))
      g_string_append_printf (out, "%s\n", lines[i]);
  return g_string_free (out, FALSE);
}

gboolean
bk_net_is_action_line (const BkRules *rules,
                       const char    *line)
{
  const BkGameModule *module = bk_game_module_get (rules->game);
  gsize n = strcspn (line, " ");

  for (guint i = 0; module->action_keywords[i]; i++)
    if (strlen (module->action_keywords[i]) == n &&
        strncmp (module->action_keywords[i], line, n) == 0)
      return TRUE;
  return FALSE;
}

gboolean
bk_net_action_parse (const BkRules  *rules,
                     const char     *text,
                     BkAction       *action,
                     GError        **error)
{
  const BkGameModule *module;
  g_auto (GStrv) words = NULL;

  g_return_val_if_fail (rules != NULL && text != NULL && action != NULL, FALSE);

  module = bk_game_module_get (rules->game);
  if (!check_text (text, MAX_LINE, FALSE, "action", error))
    return FALSE;
  /* one space between words, none around them, as the record writes them */
  if (text[0] == '\0' || text[0] == ' ' || text[strlen (text) - 1] == ' ' ||
      strstr (text, "  ") || strchr (text, '\t'))
    return malformed (error, _("“%s” is not one action of the record"), text);
  if (!bk_net_is_action_line (rules, text))
    return malformed (error, _("“%s” is no action of this game"), text);
  words = g_strsplit (text, " ", -1);
  if (!module->action_read (rules, (const char * const *) words, action, error))
    return FALSE;
  return TRUE;
}

char *
bk_net_action_to_string (const BkRules  *rules,
                         const BkAction *action)
{
  GString *line = g_string_new (NULL);

  bk_game_module_get (rules->game)->action_write (rules, action, line);
  return g_string_free (line, FALSE);
}

BkSeat
bk_net_seat_chair (BkGame *game,
                   BkSeat  now)
{
  g_return_val_if_fail (BK_IS_GAME (game), BK_SEAT_NONE);

  if (now >= bk_game_get_n_seats (game))
    return BK_SEAT_NONE;
  if (bk_game_get_rules (game)->game == BK_GAME_BIERKOPF)
    return bk_bierkopf_game_get_seat_map (game)[now];
  return now;
}

BkSeat
bk_net_seat_now (BkGame *game,
                 BkSeat  chair)
{
  g_return_val_if_fail (BK_IS_GAME (game), BK_SEAT_NONE);

  for (BkSeat s = 0; s < bk_game_get_n_seats (game); s++)
    if (bk_net_seat_chair (game, s) == chair)
      return s;
  return BK_SEAT_NONE;
}
