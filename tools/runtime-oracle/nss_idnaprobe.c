/* An NSS hosts module for the glibc-ai-idn oracle (glibc_ai_idn_oracle.c):
   it answers every name with 127.0.0.1 and gives the name it was asked
   for back as the canonical name, so that getaddrinfo's ai_canonname shows
   exactly what glibc looked up. Nothing is resolved and nothing leaves the
   process. Built as libnss_idnaprobe.so.2:
     cc -O2 -shared -fPIC -o libnss_idnaprobe.so.2 nss_idnaprobe.c  */
#include <errno.h>
#include <netdb.h>
#include <nss.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

enum nss_status
_nss_idnaprobe_gethostbyname4_r (const char *name, struct gaih_addrtuple **pat,
				 char *buffer, size_t buflen, int *errnop,
				 int *herrnop, int32_t *ttlp)
{
  size_t len = strlen (name) + 1;
  if (buflen < sizeof (struct gaih_addrtuple) + len)
    {
      *errnop = ERANGE;
      *herrnop = NETDB_INTERNAL;
      return NSS_STATUS_TRYAGAIN;
    }
  struct gaih_addrtuple *tuple = (struct gaih_addrtuple *) buffer;
  char *copy = buffer + sizeof (struct gaih_addrtuple);
  memcpy (copy, name, len);
  memset (tuple, 0, sizeof *tuple);
  tuple->name = copy;
  tuple->family = AF_INET;
  uint8_t loopback[4] = { 127, 0, 0, 1 };
  memcpy (tuple->addr, loopback, 4);
  *pat = tuple;
  if (ttlp)
    *ttlp = 0;
  return NSS_STATUS_SUCCESS;
}
