/* imtehan-catalog.c: GNU gettext message catalogs (.mo files), read with GLib only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The binary format msgfmt writes (GNU gettext manual, "The Format of GNU MO Files"): a
 * header of 32-bit words in the writer's byte order, a table of original strings sorted by
 * strcmp(), a table of their translations, and an optional hash table (hashpjw, double
 * hashing). Plural entries hold their forms one after the other, NUL-separated, under the
 * singular msgid; the header entry ("") names the plural rule, a C expression in n.
 *
 * These files come from packages and from the app's own build, but a reader inside gettext
 * must never crash: everything is checked once, when the catalog loads, so that looking up
 * trusts the tables. A catalog that is not UTF-8 is refused rather than converted: GTK,
 * Pango and the app take UTF-8 only, and every catalog they use is written in it.
 */

#define G_LOG_DOMAIN "imtehan-catalog"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "imtehan-catalog.h"

#define MO_MAGIC 0x950412deu
#define MO_HEADER_SIZE 28
/* Debian's largest catalogs are a few MiB: a bigger file is not a catalog. */
#define MO_MAX_SIZE (64 * 1024 * 1024)

/* Plural rules in use have at most a few dozen nodes (CLDR's, gettext's Plural-Forms table);
 * the limits keep a hostile rule from exhausting the stack of the thread that translates. */
#define PLURAL_MAX_NODES 256
#define PLURAL_MAX_DEPTH 32

typedef enum
{
  OP_N,
  OP_NUMBER,
  OP_NOT,
  OP_MUL,
  OP_DIV,
  OP_MOD,
  OP_ADD,
  OP_SUB,
  OP_LT,
  OP_GT,
  OP_LE,
  OP_GE,
  OP_EQ,
  OP_NE,
  OP_AND,
  OP_OR,
  OP_COND,
} PluralOp;

typedef struct
{
  PluralOp op;
  gulong   value;
  guint    a, b, c;
} PluralNode;

struct _ImtehanPluralRule
{
  GArray *nodes;
  guint   root;
};

struct _ImtehanCatalog
{
  GBytes            *bytes;
  const guint8      *data;
  gsize              size;
  gboolean           swap;
  guint32            n_strings;
  guint32            originals;
  guint32            translations;
  guint32            hash_size;
  guint32            hash_table;
  guint              n_plurals;
  ImtehanPluralRule *plural;
};

/* Plural rules ------------------------------------------------------------------------ */

typedef struct
{
  const char *p;
  GArray     *nodes;
  guint       depth;
  gboolean    failed;
} PluralParser;

static guint parse_conditional (PluralParser *parser);

static void
skip_blanks (PluralParser *parser)
{
  while (*parser->p == ' ' || *parser->p == '\t')
    parser->p++;
}

static gboolean
accept (PluralParser *parser,
        const char   *token)
{
  gsize len = strlen (token);

  skip_blanks (parser);
  if (strncmp (parser->p, token, len) != 0)
    return FALSE;
  /* "<" is not the start of "<=", nor "!" of "!=", nor "=" half of "==". */
  if (len == 1 && (token[0] == '<' || token[0] == '>' || token[0] == '!') && parser->p[1] == '=')
    return FALSE;
  parser->p += len;
  return TRUE;
}

static guint
add_node (PluralParser *parser,
          PluralOp      op,
          gulong        value,
          guint         a,
          guint         b,
          guint         c)
{
  PluralNode node = { op, value, a, b, c };

  if (parser->failed || parser->nodes->len >= PLURAL_MAX_NODES)
    {
      parser->failed = TRUE;
      return 0;
    }
  g_array_append_val (parser->nodes, node);
  return parser->nodes->len - 1;
}

static guint
parse_primary (PluralParser *parser)
{
  skip_blanks (parser);
  if (parser->failed)
    return 0;
  if (*parser->p == 'n')
    {
      parser->p++;
      return add_node (parser, OP_N, 0, 0, 0, 0);
    }
  if (g_ascii_isdigit (*parser->p))
    {
      gulong value = 0;

      while (g_ascii_isdigit (*parser->p))
        {
          guint digit = *parser->p++ - '0';

          value = value > (G_MAXULONG - digit) / 10 ? G_MAXULONG : value * 10 + digit;
        }
      return add_node (parser, OP_NUMBER, value, 0, 0, 0);
    }
  if (accept (parser, "("))
    {
      guint inner = parse_conditional (parser);

      if (!accept (parser, ")"))
        parser->failed = TRUE;
      return inner;
    }
  parser->failed = TRUE;
  return 0;
}

static guint
parse_unary (PluralParser *parser)
{
  guint operand;

  if (!accept (parser, "!"))
    return parse_primary (parser);
  if (++parser->depth > PLURAL_MAX_DEPTH)
    {
      parser->failed = TRUE;
      return 0;
    }
  operand = parse_unary (parser);
  parser->depth--;
  return add_node (parser, OP_NOT, 0, operand, 0, 0);
}

typedef struct
{
  const char *token;
  PluralOp    op;
} Operator;

/* One level of left-associative binary operators, from the tightest to the loosest. */
static const Operator levels[][5] = {
  { { "*", OP_MUL }, { "/", OP_DIV }, { "%", OP_MOD } },
  { { "+", OP_ADD }, { "-", OP_SUB } },
  { { "<=", OP_LE }, { ">=", OP_GE }, { "<", OP_LT }, { ">", OP_GT } },
  { { "==", OP_EQ }, { "!=", OP_NE } },
  { { "&&", OP_AND } },
  { { "||", OP_OR } },
};

static guint
parse_binary (PluralParser *parser,
              guint         level)
{
  guint left = level == 0 ? parse_unary (parser) : parse_binary (parser, level - 1);

  while (!parser->failed)
    {
      const Operator *found = NULL;
      guint right;

      for (guint i = 0; i < G_N_ELEMENTS (levels[level]) && levels[level][i].token; i++)
        if (accept (parser, levels[level][i].token))
          {
            found = &levels[level][i];
            break;
          }
      if (found == NULL)
        break;
      right = level == 0 ? parse_unary (parser) : parse_binary (parser, level - 1);
      left = add_node (parser, found->op, 0, left, right, 0);
    }
  return left;
}

static guint
parse_conditional (PluralParser *parser)
{
  guint condition, then, otherwise;

  if (++parser->depth > PLURAL_MAX_DEPTH)
    {
      parser->failed = TRUE;
      return 0;
    }
  condition = parse_binary (parser, G_N_ELEMENTS (levels) - 1);
  if (!parser->failed && accept (parser, "?"))
    {
      then = parse_conditional (parser);
      if (!accept (parser, ":"))
        parser->failed = TRUE;
      otherwise = parse_conditional (parser);
      condition = add_node (parser, OP_COND, 0, condition, then, otherwise);
    }
  parser->depth--;
  return condition;
}

/**
 * imtehan_plural_rule_new:
 * @expression: the text after "plural=" in a catalog's Plural-Forms
 * @end: (out) (optional): where the expression ended
 *
 * Parses a plural rule as gettext does: C's operators on unsigned long n, ending at ";", a
 * new line or the end of the string. Returns %NULL when it does not parse.
 */
ImtehanPluralRule *
imtehan_plural_rule_new (const char  *expression,
                         const char **end)
{
  PluralParser parser = { expression, NULL, 0, FALSE };
  ImtehanPluralRule *rule;
  guint root;

  g_return_val_if_fail (expression != NULL, NULL);

  parser.nodes = g_array_new (FALSE, FALSE, sizeof (PluralNode));
  root = parse_conditional (&parser);
  skip_blanks (&parser);
  if (*parser.p != '\0' && *parser.p != ';' && *parser.p != '\n' && *parser.p != '\r')
    parser.failed = TRUE;
  if (end != NULL)
    *end = parser.p;
  if (parser.failed)
    {
      g_array_unref (parser.nodes);
      return NULL;
    }
  rule = g_new0 (ImtehanPluralRule, 1);
  rule->nodes = parser.nodes;
  rule->root = root;
  return rule;
}

static gulong
eval_node (const ImtehanPluralRule *self,
           guint                    index,
           gulong                   n)
{
  const PluralNode *node = &g_array_index (self->nodes, PluralNode, index);
  gulong a, b;

  switch (node->op)
    {
    case OP_N:
      return n;
    case OP_NUMBER:
      return node->value;
    case OP_NOT:
      return !eval_node (self, node->a, n);
    case OP_AND:
      return eval_node (self, node->a, n) && eval_node (self, node->b, n);
    case OP_OR:
      return eval_node (self, node->a, n) || eval_node (self, node->b, n);
    case OP_COND:
      return eval_node (self, node->a, n) ? eval_node (self, node->b, n)
                                          : eval_node (self, node->c, n);
    default:
      break;
    }

  a = eval_node (self, node->a, n);
  b = eval_node (self, node->b, n);
  switch (node->op)
    {
    case OP_MUL: return a * b;
    /* gettext raises SIGFPE here; a rule that divides by zero picks the first form. */
    case OP_DIV: return b == 0 ? 0 : a / b;
    case OP_MOD: return b == 0 ? 0 : a % b;
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_LT: return a < b;
    case OP_GT: return a > b;
    case OP_LE: return a <= b;
    case OP_GE: return a >= b;
    case OP_EQ: return a == b;
    case OP_NE: return a != b;
    default: g_assert_not_reached ();
    }
  return 0;
}

gulong
imtehan_plural_rule_eval (const ImtehanPluralRule *self,
                          gulong                   n)
{
  g_return_val_if_fail (self != NULL, 0);

  return eval_node (self, self->root, n);
}

void
imtehan_plural_rule_free (ImtehanPluralRule *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->nodes);
  g_free (self);
}

/* Catalogs ---------------------------------------------------------------------------- */

static inline guint32
read_word (const ImtehanCatalog *self,
           gsize                 offset)
{
  guint32 word;

  memcpy (&word, self->data + offset, sizeof word);
  return self->swap ? GUINT32_SWAP_LE_BE (word) : word;
}

static inline const char *
string_at (const ImtehanCatalog *self,
           guint32               table,
           guint32               index,
           guint32              *length)
{
  gsize entry = (gsize)table + (gsize)index * 8;

  if (length != NULL)
    *length = read_word (self, entry);
  return (const char *)self->data + read_word (self, entry + 4);
}

/* A table of @n_strings (length, offset) pairs whose strings end with a NUL inside the file;
 * with @utf8, each NUL-separated part is valid UTF-8 too. */
static gboolean
check_table (const ImtehanCatalog *self,
             guint32               table,
             gboolean              utf8)
{
  if ((guint64)table + (guint64)self->n_strings * 8 > self->size)
    return FALSE;
  for (guint32 i = 0; i < self->n_strings; i++)
    {
      guint32 length = read_word (self, (gsize)table + (gsize)i * 8);
      guint32 offset = read_word (self, (gsize)table + (gsize)i * 8 + 4);
      const char *s, *end;

      if ((guint64)offset + length >= self->size || self->data[(gsize)offset + length] != '\0')
        return FALSE;
      if (!utf8)
        continue;
      s = (const char *)self->data + offset;
      end = s + length;
      while (s <= end)
        {
          gsize part = strlen (s);

          if (!g_utf8_validate (s, part, NULL))
            return FALSE;
          s += part + 1;
        }
    }
  return TRUE;
}

static gboolean
charset_is_utf8 (const char *header)
{
  const char *charset = strstr (header, "charset=");
  gsize len;

  if (charset == NULL)
    return TRUE;
  charset += strlen ("charset=");
  len = strcspn (charset, " \t\r\n;");
  /* "CHARSET" is what an untouched template says; its strings are still checked. */
  return (len == 5 && g_ascii_strncasecmp (charset, "UTF-8", len) == 0) ||
         (len == 4 && g_ascii_strncasecmp (charset, "UTF8", len) == 0) ||
         (len == 5 && g_ascii_strncasecmp (charset, "ASCII", len) == 0) ||
         (len == 8 && g_ascii_strncasecmp (charset, "US-ASCII", len) == 0) ||
         (len == 7 && strncmp (charset, "CHARSET", len) == 0);
}

/* As gettext reads Plural-Forms: a count after "nplurals=", an expression after "plural=";
 * anything less is English's rule. */
static void
read_plural_forms (ImtehanCatalog *self,
                   const char     *header)
{
  const char *nplurals = strstr (header, "nplurals=");
  const char *plural = strstr (header, "plural=");
  guint64 n;
  char *end;

  self->n_plurals = 2;
  self->plural = NULL;
  if (nplurals == NULL || plural == NULL)
    return;
  nplurals += strlen ("nplurals=");
  while (*nplurals == ' ' || *nplurals == '\t')
    nplurals++;
  if (!g_ascii_isdigit (*nplurals))
    return;
  n = g_ascii_strtoull (nplurals, &end, 10);
  if (n == 0 || n > 100)
    return;
  self->plural = imtehan_plural_rule_new (plural + strlen ("plural="), NULL);
  if (self->plural != NULL)
    self->n_plurals = n;
}

/**
 * imtehan_catalog_new_from_bytes:
 *
 * Reads a .mo file. Returns %NULL when @bytes is not a catalog, when its tables do not fit
 * in it, or when its translations are not UTF-8. The catalog keeps a reference to @bytes.
 */
ImtehanCatalog *
imtehan_catalog_new_from_bytes (GBytes *bytes)
{
  g_autoptr(ImtehanCatalog) self = NULL;
  guint32 magic, revision;
  const char *header;

  g_return_val_if_fail (bytes != NULL, NULL);

  self = g_new0 (ImtehanCatalog, 1);
  self->bytes = g_bytes_ref (bytes);
  self->data = g_bytes_get_data (bytes, &self->size);
  if (self->size < MO_HEADER_SIZE || self->size > MO_MAX_SIZE)
    return NULL;

  memcpy (&magic, self->data, sizeof magic);
  if (magic == MO_MAGIC)
    self->swap = FALSE;
  else if (GUINT32_SWAP_LE_BE (magic) == MO_MAGIC)
    self->swap = TRUE;
  else
    return NULL;
  /* Major revision 1 adds strings with <inttypes.h> macros after the plain ones, which stay
   * readable as they are; a later major revision may change anything. */
  revision = read_word (self, 4);
  if ((revision >> 16) > 1)
    return NULL;
  self->n_strings = read_word (self, 8);
  self->originals = read_word (self, 12);
  self->translations = read_word (self, 16);
  self->hash_size = read_word (self, 20);
  self->hash_table = read_word (self, 24);

  if (!check_table (self, self->originals, FALSE) || !check_table (self, self->translations, TRUE))
    return NULL;
  /* gettext looks at the hash table only when it has more than two slots. */
  if (self->hash_size > 2)
    {
      if ((guint64)self->hash_table + (guint64)self->hash_size * 4 > self->size)
        return NULL;
    }
  else
    self->hash_size = 0;

  header = imtehan_catalog_lookup (self, "");
  if (header != NULL && !charset_is_utf8 (header))
    return NULL;
  read_plural_forms (self, header ? header : "");

  return g_steal_pointer (&self);
}

/**
 * imtehan_catalog_new_for_path:
 *
 * Reads the .mo file at @path with the C library only: GLib's file functions translate their
 * errors, and this runs inside gettext. Returns %NULL when there is no catalog there.
 */
ImtehanCatalog *
imtehan_catalog_new_for_path (const char *path)
{
  g_autoptr(GBytes) bytes = NULL;
  struct stat info;
  guint8 *data;
  gsize done = 0;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  do
    fd = open (path, O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return NULL;
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode) || info.st_size < MO_HEADER_SIZE ||
      info.st_size > MO_MAX_SIZE)
    {
      close (fd);
      return NULL;
    }
  /* Read, not mapped: a package upgrade that rewrites the file while the app runs would make
   * a mapping fault. */
  data = g_malloc (info.st_size);
  while (done < (gsize)info.st_size)
    {
      ssize_t n = read (fd, data + done, info.st_size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += n;
    }
  close (fd);
  if (done != (gsize)info.st_size)
    {
      g_free (data);
      return NULL;
    }
  bytes = g_bytes_new_take (data, done);
  return imtehan_catalog_new_from_bytes (bytes);
}

void
imtehan_catalog_free (ImtehanCatalog *self)
{
  if (self == NULL)
    return;
  g_bytes_unref (self->bytes);
  imtehan_plural_rule_free (self->plural);
  g_free (self);
}

/* gettext's hashpjw, on 32 bits as msgfmt computes it. */
static guint32
hash_string (const char *s)
{
  guint32 hash = 0;

  for (; *s != '\0'; s++)
    {
      guint32 high;

      hash = (hash << 4) + (guchar)*s;
      high = hash & 0xf0000000u;
      if (high != 0)
        hash ^= (high >> 24) ^ high;
    }
  return hash;
}

/* The index of @msgid among the original strings, or -1. */
static gint64
find_original (const ImtehanCatalog *self,
               const char           *msgid)
{
  if (self->hash_size > 0)
    {
      guint32 hash = hash_string (msgid);
      guint32 index = hash % self->hash_size;
      guint32 step = 1 + hash % (self->hash_size - 2);

      /* Each slot once at most: a file whose table is full of the wrong entries ends here. */
      for (guint32 tries = 0; tries < self->hash_size; tries++)
        {
          guint32 slot = read_word (self, (gsize)self->hash_table + (gsize)index * 4);

          if (slot == 0)
            return -1;
          /* Beyond n_strings: a string with system-dependent parts (revision 1), not read. */
          if (slot - 1 < self->n_strings &&
              strcmp (msgid, string_at (self, self->originals, slot - 1, NULL)) == 0)
            return slot - 1;
          index = index >= self->hash_size - step ? index - (self->hash_size - step)
                                                  : index + step;
        }
      return -1;
    }
  else
    {
      guint32 low = 0, high = self->n_strings;

      while (low < high)
        {
          guint32 middle = low + (high - low) / 2;
          int cmp = strcmp (msgid, string_at (self, self->originals, middle, NULL));

          if (cmp == 0)
            return middle;
          if (cmp < 0)
            high = middle;
          else
            low = middle + 1;
        }
      return -1;
    }
}

/**
 * imtehan_catalog_lookup:
 *
 * Returns the translation of @msgid (its first form if it has plurals), or %NULL. The
 * string belongs to the catalog.
 */
const char *
imtehan_catalog_lookup (const ImtehanCatalog *self,
                        const char           *msgid)
{
  gint64 index;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (msgid != NULL, NULL);

  index = find_original (self, msgid);
  return index < 0 ? NULL : string_at (self, self->translations, index, NULL);
}

gulong
imtehan_catalog_get_plural_index (const ImtehanCatalog *self,
                                  gulong                n)
{
  gulong index;

  g_return_val_if_fail (self != NULL, 0);

  index = self->plural ? imtehan_plural_rule_eval (self->plural, n) : (n != 1);
  /* As gettext: a rule that names a form the catalog does not have gets the first. */
  return index < self->n_plurals ? index : 0;
}

/**
 * imtehan_catalog_lookup_plural:
 *
 * Returns the form of @msgid's translation for @n by the catalog's plural rule, or %NULL.
 */
const char *
imtehan_catalog_lookup_plural (const ImtehanCatalog *self,
                               const char           *msgid,
                               gulong                n)
{
  const char *translation, *end;
  guint32 length;
  gulong index;
  gint64 found;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (msgid != NULL, NULL);

  found = find_original (self, msgid);
  if (found < 0)
    return NULL;
  translation = string_at (self, self->translations, found, &length);
  end = translation + length;
  index = imtehan_catalog_get_plural_index (self, n);
  for (const char *form = translation; form <= end; form += strlen (form) + 1)
    if (index-- == 0)
      return form;
  /* Fewer forms than the rule counts: the first, as gettext does. */
  return translation;
}

guint
imtehan_catalog_get_n_strings (const ImtehanCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_strings;
}

guint
imtehan_catalog_get_n_plurals (const ImtehanCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_plurals;
}
