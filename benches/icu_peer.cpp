// The ICU4C peer of benches/icu.rs: reads a file of names, one per line, on
// one thread, and runs what the issue measured against:
//   ascii  IDNA::nameToASCII_UTF8 (UTS #46 nontransitional, STD3 rules,
//          CheckBidi, CheckJoiners) on every line;
//   spoof  IDNA::nameToUnicodeUTF8, then uspoof_check2UTF8 (restriction level
//          Highly Restrictive, ICU's default checks) on every non-ASCII label.
// Prints the counts, so that no work can be left out.
#include <unicode/bytestream.h>
#include <unicode/idna.h>
#include <unicode/uspoof.h>

#include <cstdio>
#include <cstring>
#include <string>

using namespace icu;

int main(int argc, char** argv) {
    if (argc != 3 || (strcmp(argv[1], "ascii") != 0 && strcmp(argv[1], "spoof") != 0)) {
        fprintf(stderr, "usage: icu_peer ascii|spoof FILE\n");
        return 2;
    }
    bool spoof = strcmp(argv[1], "spoof") == 0;
    FILE* file = fopen(argv[2], "rb");
    if (file == nullptr) {
        perror(argv[2]);
        return 2;
    }
    UErrorCode status = U_ZERO_ERROR;
    IDNA* idna = IDNA::createUTS46Instance(UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                               UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE,
                                           status);
    USpoofChecker* checker = uspoof_open(&status);
    uspoof_setRestrictionLevel(checker, USPOOF_HIGHLY_RESTRICTIVE);
    if (U_FAILURE(status)) {
        fprintf(stderr, "ICU: %s\n", u_errorName(status));
        return 2;
    }
    long ok = 0, failed = 0, flagged = 0;
    char* line = nullptr;
    size_t capacity = 0;
    ssize_t length;
    std::string out;
    while ((length = getline(&line, &capacity, file)) >= 0) {
        while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) {
            length--;
        }
        out.clear();
        StringByteSink<std::string> sink(&out);
        IDNAInfo info;
        status = U_ZERO_ERROR;
        if (spoof) {
            idna->nameToUnicodeUTF8(StringPiece(line, length), sink, info, status);
        } else {
            idna->nameToASCII_UTF8(StringPiece(line, length), sink, info, status);
        }
        if (U_FAILURE(status) || info.hasErrors()) {
            failed++;
        } else {
            ok++;
        }
        if (!spoof) {
            continue;
        }
        size_t start = 0;
        while (start <= out.size()) {
            size_t end = out.find('.', start);
            if (end == std::string::npos) {
                end = out.size();
            }
            bool ascii = true;
            for (size_t i = start; i < end; i++) {
                ascii = ascii && (unsigned char)out[i] < 0x80;
            }
            if (!ascii) {
                status = U_ZERO_ERROR;
                int32_t result = uspoof_check2UTF8(checker, out.data() + start, (int32_t)(end - start), nullptr, &status);
                if (result != 0) {
                    flagged++;
                }
            }
            start = end + 1;
        }
    }
    printf("ok %ld failed %ld flagged %ld\n", ok, failed, flagged);
    free(line);
    fclose(file);
    uspoof_close(checker);
    delete idna;
    return 0;
}
