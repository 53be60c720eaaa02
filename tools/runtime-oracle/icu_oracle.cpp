// The ICU runtimes of tools/runtime-oracle/oracle.py: uidna_openUTS46(FLAGS)
// and uidna_nameToASCII_UTF8 on each line of standard input, as PHP's
// idn_to_ascii calls them (any error in the info fails the call).
// Prints one line a name: "ok<TAB>ASCII" or "err<TAB>ERRORS-IN-HEX".
//   icu_oracle default|nontransitional
#include <unicode/uidna.h>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: icu_oracle default|nontransitional\n");
        return 2;
    }
    uint32_t options = UIDNA_DEFAULT;
    if (std::strcmp(argv[1], "nontransitional") == 0) {
        options = UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ;
    }
    UErrorCode status = U_ZERO_ERROR;
    UIDNA* idna = uidna_openUTS46(options, &status);
    if (U_FAILURE(status)) {
        std::fprintf(stderr, "uidna_openUTS46: %s\n", u_errorName(status));
        return 1;
    }
    std::string line;
    std::string out(4096, '\0');
    while (std::getline(std::cin, line)) {
        UIDNAInfo info = UIDNA_INFO_INITIALIZER;
        status = U_ZERO_ERROR;
        int32_t length = uidna_nameToASCII_UTF8(idna, line.data(), (int32_t)line.size(), &out[0], (int32_t)out.size(), &info, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR) {
            out.resize(length + 1);
            status = U_ZERO_ERROR;
            info = UIDNA_INFO_INITIALIZER;
            length = uidna_nameToASCII_UTF8(idna, line.data(), (int32_t)line.size(), &out[0], (int32_t)out.size(), &info, &status);
        }
        if (U_FAILURE(status)) {
            std::printf("fail\t%s\n", u_errorName(status));
        } else if (info.errors != 0) {
            std::printf("err\t%x\n", info.errors);
        } else {
            std::fputs("ok\t", stdout);
            std::fwrite(out.data(), 1, length, stdout);
            std::fputc('\n', stdout);
        }
    }
    uidna_close(idna);
    return 0;
}
