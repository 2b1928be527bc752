/* The published N-Queens counts: Q(n) is OEIS A000170, U(n) OEIS A002562.
 * The library checks its own results against them (nq_plan_finish, the
 * subproblems' plausibility): a count that contradicts them is a fault of
 * the data (a checkpoint, memory) or of the program, never a result. */
#include "nqueens.h"

static const unsigned long long table[NQ_PUBLISHED_MAX_N + 1][2] = {
    { 0, 0 },
    { 1ULL, 1ULL }, /* n = 1 */
    { 0ULL, 0ULL }, /* n = 2 */
    { 0ULL, 0ULL }, /* n = 3 */
    { 2ULL, 1ULL }, /* n = 4 */
    { 10ULL, 2ULL }, /* n = 5 */
    { 4ULL, 1ULL }, /* n = 6 */
    { 40ULL, 6ULL }, /* n = 7 */
    { 92ULL, 12ULL }, /* n = 8 */
    { 352ULL, 46ULL }, /* n = 9 */
    { 724ULL, 92ULL }, /* n = 10 */
    { 2680ULL, 341ULL }, /* n = 11 */
    { 14200ULL, 1787ULL }, /* n = 12 */
    { 73712ULL, 9233ULL }, /* n = 13 */
    { 365596ULL, 45752ULL }, /* n = 14 */
    { 2279184ULL, 285053ULL }, /* n = 15 */
    { 14772512ULL, 1846955ULL }, /* n = 16 */
    { 95815104ULL, 11977939ULL }, /* n = 17 */
    { 666090624ULL, 83263591ULL }, /* n = 18 */
    { 4968057848ULL, 621012754ULL }, /* n = 19 */
    { 39029188884ULL, 4878666808ULL }, /* n = 20 */
    { 314666222712ULL, 39333324973ULL }, /* n = 21 */
    { 2691008701644ULL, 336376244042ULL }, /* n = 22 */
    { 24233937684440ULL, 3029242658210ULL }, /* n = 23 */
    { 227514171973736ULL, 28439272956934ULL }, /* n = 24 */
    { 2207893435808352ULL, 275986683743434ULL }, /* n = 25 */
    { 22317699616364044ULL, 2789712466510289ULL }, /* n = 26 */
    { 234907967154122528ULL, 29363495934315694ULL }, /* n = 27 */
};

int nq_published(int n, nq_u128 *total, nq_u128 *unique)
{
    if (n < 1 || n > NQ_PUBLISHED_MAX_N)
        return NQ_ERR(ENOENT);
    *total = table[n][0];
    *unique = table[n][1];
    return 0;
}
