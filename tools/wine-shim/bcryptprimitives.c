/* Test-only stand-in for Windows' bcryptprimitives.dll under Wine 8.0.
 *
 * Rust's standard library takes its random bytes from ProcessPrng in
 * bcryptprimitives.dll, which every Windows 10 and later has and Wine 8.0
 * lacks: without it the program cannot start under Wine. This DLL gives
 * ProcessPrng from RtlGenRandom (advapi32's SystemFunction036). The Wine
 * test (tests/windows.rs) puts it beside the .exe; the zip never holds it.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
