/* Asks the installed GNU libidn2 and GNU libunistring, through their public
   APIs only, what they do with each code point; scripts/libidn2_tables.py
   builds and runs it and turns the answers into tables/runtimes/libidn2.txt.

   One line a code point (U+0001..U+10FFFF, surrogates skipped), tab-separated:

     CP  T  S  N  R  P  GC-M  CCC  BIDI  JOINING  DECOMPOSITION  COMPOSES

   T, S, N: idn2_lookup_u8 on "0" CP "0" with IDN2_TRANSITIONAL, with
            IDN2_TRANSITIONAL | IDN2_USE_STD3_ASCII_RULES, and with
            IDN2_NONTRANSITIONAL: "ok:NAME" or "err:IDN2_NAME" (in NAME, a
            control byte, a space or a backslash as \xHH).
   R:       T again with IDN2_NO_ALABEL_ROUNDTRIP, which shows the mapping
            where the label then holds ASCII that Punycode decoding refuses.
   P:       idn2_lookup_u8 with IDN2_NO_TR46 (no mapping) on "0" CP, or on
            "0" CP U+00E9 for an ASCII CP (an ASCII label is not checked):
            "ok" or "err:IDN2_NAME" (the IDNA2008 property checks).
   GC-M:    uc_is_general_category (CP, UC_CATEGORY_M), 1 or 0.
   CCC:     uc_combining_class (CP).
   BIDI:    uc_bidi_category_name (uc_bidi_category (CP)).
   JOINING: uc_joining_type_name (uc_joining_type (CP)).
   DECOMPOSITION: uc_canonical_decomposition (CP) in hexadecimal, "-" if none.
   COMPOSES: 1 when the decomposition has two code points A B and
            uc_composition (A, B) gives CP back (a primary composite).

     cc -O2 -o libidn2_probe scripts/libidn2_probe.c -lidn2 -lunistring  */
#include <idn2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

static void
lookup (const uint32_t *text, size_t len, int flags, const char *prefix)
{
  uint8_t u8[64];
  size_t u8len = sizeof u8 - 1;
  uint8_t *in = u32_to_u8 (text, len, u8, &u8len);
  uint8_t *out = NULL;
  int rc;

  if (in == NULL)
    {
      printf ("\t%sencoding", prefix);
      return;
    }
  in[u8len] = 0;
  rc = idn2_lookup_u8 (in, &out, flags);
  if (rc == IDN2_OK)
    {
      /* The output is ASCII; a control byte, "\\" or a space is escaped. */
      printf ("\t%sok:", prefix);
      for (const uint8_t *c = out; *c; c++)
	if (*c <= 0x20 || *c == 0x7F || *c == '\\')
	  printf ("\\x%02X", *c);
	else
	  putchar (*c);
    }
  else
    printf ("\t%serr:%s", prefix, idn2_strerror_name (rc));
  idn2_free (out);
}

int
main (void)
{
  for (uint32_t cp = 1; cp <= 0x10FFFF; cp++)
    {
      if (cp >= 0xD800 && cp <= 0xDFFF)
	continue;
      uint32_t probe[3] = { '0', cp, '0' };
      printf ("%04X", cp);
      lookup (probe, 3, IDN2_TRANSITIONAL, "");
      lookup (probe, 3, IDN2_TRANSITIONAL | IDN2_USE_STD3_ASCII_RULES, "");
      lookup (probe, 3, IDN2_NONTRANSITIONAL, "");
      lookup (probe, 3, IDN2_TRANSITIONAL | IDN2_NO_ALABEL_ROUNDTRIP, "");

      /* The property checks: one label, no mapping. */
      uint32_t label[3] = { '0', cp, 0xE9 };
      uint8_t u8[16];
      size_t u8len = sizeof u8 - 1;
      uint8_t *in = u32_to_u8 (label, cp < 0x80 ? 3 : 2, u8, &u8len);
      in[u8len] = 0;
      uint8_t *out = NULL;
      int rc = idn2_lookup_u8 (in, &out, IDN2_NO_TR46);
      if (rc == IDN2_OK)
	printf ("\tok");
      else
	printf ("\terr:%s", idn2_strerror_name (rc));
      idn2_free (out);

      printf ("\t%d\t%d\t%s\t%s", uc_is_general_category (cp, UC_CATEGORY_M) ? 1 : 0,
	      uc_combining_class (cp), uc_bidi_category_name (uc_bidi_category (cp)),
	      uc_joining_type_name (uc_joining_type (cp)));

      ucs4_t decomposition[UC_DECOMPOSITION_MAX_LENGTH];
      int n = uc_canonical_decomposition (cp, decomposition);
      if (n <= 0)
	printf ("\t-\t0\n");
      else
	{
	  putchar ('\t');
	  for (int i = 0; i < n; i++)
	    printf (i ? " %04X" : "%04X", decomposition[i]);
	  printf ("\t%d\n", n == 2 && uc_composition (decomposition[0], decomposition[1]) == cp);
	}
    }
  return 0;
}
