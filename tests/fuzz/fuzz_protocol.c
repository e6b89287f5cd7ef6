/* fuzz_protocol.c -- libFuzzer harness over the protocol: every input is a
 * session of command lines on a fresh engine session; after each line the
 * harness checks the framing, that a failing (or read-only) command changed
 * nothing, that the position string round-trips, that every legal move
 * formats and parses back, and that the history replays to the position.
 * Build and run: ./quickstart fuzz SECONDS (README, "Fuzzing"). */
#include <stdint.h>
#include <stddef.h>
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct fuzz f;
    fuzz_open(&f);
    fuzz_session(&f, data, size);
    fuzz_close(&f);
    return 0;
}
