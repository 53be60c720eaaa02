/* The glibc-ai-idn runtime of tools/runtime-oracle/oracle.py: getaddrinfo
   (name, NULL, {AI_IDN | AI_CANONNAME}) under the C.UTF-8 locale on each
   line of standard input, with the hosts database served by the
   nss_idnaprobe module only (__nss_configure_lookup; LD_LIBRARY_PATH must
   hold libnss_idnaprobe.so.2), which hands the looked-up name back as the
   canonical name. Nothing is resolved, no file of /etc is read for hosts.
   Prints one line a name: "ok<TAB>NAME LOOKED UP" or "err<TAB>EAI_NAME<TAB>gai_strerror".  */
#define _GNU_SOURCE
#include <locale.h>
#include <netdb.h>
#include <nss.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

static const char *
eai_name (int rc)
{
  switch (rc)
    {
    case EAI_IDN_ENCODE: return "EAI_IDN_ENCODE";
    case EAI_NONAME: return "EAI_NONAME";
    case EAI_AGAIN: return "EAI_AGAIN";
    case EAI_FAIL: return "EAI_FAIL";
    case EAI_MEMORY: return "EAI_MEMORY";
    case EAI_SYSTEM: return "EAI_SYSTEM";
    case EAI_ADDRFAMILY: return "EAI_ADDRFAMILY";
    case EAI_NODATA: return "EAI_NODATA";
    default: return "EAI_OTHER";
    }
}

int
main (void)
{
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    {
      fprintf (stderr, "no C.UTF-8 locale\n");
      return 1;
    }
  if (__nss_configure_lookup ("hosts", "idnaprobe") != 0)
    {
      fprintf (stderr, "__nss_configure_lookup failed\n");
      return 1;
    }
  char *line = NULL;
  size_t size = 0;
  ssize_t len;
  while ((len = getline (&line, &size, stdin)) > 0)
    {
      if (line[len - 1] == '\n')
	line[len - 1] = 0;
      struct addrinfo hints, *result = NULL;
      memset (&hints, 0, sizeof hints);
      hints.ai_family = AF_UNSPEC;
      hints.ai_socktype = SOCK_STREAM;
      hints.ai_flags = AI_IDN | AI_CANONNAME;
      int rc = getaddrinfo (line, NULL, &hints, &result);
      if (rc == 0)
	printf ("ok\t%s\n", result->ai_canonname ? result->ai_canonname : "");
      else
	printf ("err\t%s\t%s\n", eai_name (rc), gai_strerror (rc));
      if (result)
	freeaddrinfo (result);
    }
  free (line);
  return 0;
}
