// libcurl, opened when the first https:// request is made (dlopen), not linked: the program starts
// without loading it and the thirty libraries it brings (TLS, Kerberos, LDAP), and runs where it
// is missing. Its C interface is stable; the numbers below are those of curl/curl.h.
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

enum {
    CS_CURLOPT_WRITEDATA = 10001,
    CS_CURLOPT_URL = 10002,
    CS_CURLOPT_ERRORBUFFER = 10010,
    CS_CURL_ERROR_SIZE = 256,
    CS_CURLOPT_POSTFIELDS = 10015,
    CS_CURLOPT_USERAGENT = 10018,
    CS_CURLOPT_HTTPHEADER = 10023,
    CS_CURLOPT_CUSTOMREQUEST = 10036,
    CS_CURLOPT_WRITEFUNCTION = 20011,
    CS_CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CS_CURLOPT_FOLLOWLOCATION = 52,
    CS_CURLOPT_MAXREDIRS = 68,
    CS_CURLOPT_HTTPGET = 80,
    CS_CURLOPT_NOSIGNAL = 99,
    CS_CURLOPT_TIMEOUT_MS = 155,
    CS_CURLOPT_CONNECTTIMEOUT_MS = 156,
    CS_CURLOPT_PROTOCOLS = 181,
    CS_CURLOPT_REDIR_PROTOCOLS = 182,
    CS_CURLINFO_RESPONSE_CODE = 0x200002,
    CS_CURLPROTO_HTTP = 1,
    CS_CURLPROTO_HTTPS = 2,
    CS_CURL_GLOBAL_DEFAULT = 3,
    CS_CURLE_COULDNT_RESOLVE_HOST = 6,
    CS_CURLE_COULDNT_CONNECT = 7,
    CS_CURLE_WRITE_ERROR = 23,
    CS_CURLE_OPERATION_TIMEDOUT = 28,
};

typedef size_t (*cs_curl_write)(char *data, size_t size, size_t count, void *context);

typedef struct cs_curl {
    void *library;
    int (*global_init)(long flags);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *handle, int option, ...);
    int (*easy_perform)(void *handle);
    int (*easy_getinfo)(void *handle, int info, ...);
    void (*easy_cleanup)(void *handle);
    const char *(*easy_strerror)(int code);
    void *(*slist_append)(void *list, const char *text);
    void (*slist_free_all)(void *list);
} cs_curl;

/// Opens libcurl and finds its functions; 0 when it is not installed (or lacks one of them).
static inline int cs_curl_open(cs_curl *c) {
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.4.dylib", "libcurl.dylib"};
    c->library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !c->library; i++) c->library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!c->library) return 0;
    *(void **)&c->global_init = dlsym(c->library, "curl_global_init");
    *(void **)&c->easy_init = dlsym(c->library, "curl_easy_init");
    *(void **)&c->easy_setopt = dlsym(c->library, "curl_easy_setopt");
    *(void **)&c->easy_perform = dlsym(c->library, "curl_easy_perform");
    *(void **)&c->easy_getinfo = dlsym(c->library, "curl_easy_getinfo");
    *(void **)&c->easy_cleanup = dlsym(c->library, "curl_easy_cleanup");
    *(void **)&c->easy_strerror = dlsym(c->library, "curl_easy_strerror");
    *(void **)&c->slist_append = dlsym(c->library, "curl_slist_append");
    *(void **)&c->slist_free_all = dlsym(c->library, "curl_slist_free_all");
    if (!c->global_init || !c->easy_init || !c->easy_setopt || !c->easy_perform || !c->easy_getinfo || !c->easy_cleanup
        || !c->easy_strerror || !c->slist_append || !c->slist_free_all) return 0;
    return c->global_init(CS_CURL_GLOBAL_DEFAULT) == 0;
}

// curl_easy_setopt and curl_easy_getinfo take their value after `...`: called from C, so that each
// is passed as a variadic argument of its own type.
static inline int cs_curl_set_long(const cs_curl *c, void *handle, int option, long value) { return c->easy_setopt(handle, option, value); }
static inline int cs_curl_set_size(const cs_curl *c, void *handle, int option, int64_t value) { return c->easy_setopt(handle, option, value); }
static inline int cs_curl_set_pointer(const cs_curl *c, void *handle, int option, const void *value) { return c->easy_setopt(handle, option, value); }
static inline int cs_curl_set_writer(const cs_curl *c, void *handle, cs_curl_write writer) { return c->easy_setopt(handle, CS_CURLOPT_WRITEFUNCTION, writer); }
static inline int cs_curl_get_long(const cs_curl *c, void *handle, int info, long *value) { return c->easy_getinfo(handle, info, value); }
