/* Whether a test runs under a sanitizer (scripts/test's second and third
 * builds), which slows the engine 5 to 20 times: a test's largest sizes are
 * then left to the release build's run, which has every one. */
#ifndef NQ_TEST_SANITIZED_H
#define NQ_TEST_SANITIZED_H

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NQ_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define NQ_SANITIZED 1
#endif
#endif
#ifndef NQ_SANITIZED
#define NQ_SANITIZED 0
#endif

/* The largest n of a test: `most`, or `sanitized` under a sanitizer. */
#define NQ_TEST_TOP(most, sanitized) (NQ_SANITIZED ? (sanitized) : (most))

#endif
