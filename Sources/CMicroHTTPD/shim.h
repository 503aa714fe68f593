#ifndef TRAQT_CMICROHTTPD_SHIM_H
#define TRAQT_CMICROHTTPD_SHIM_H
// Debian's libmicrohttpd-dev (0.9.75). Its daemon start is variadic, which
// Swift cannot call: the options traqt sets are passed here, in C.
#include <stddef.h>
#include <sys/socket.h>
// Swift's Glibc module leaves epoll out; the daemon watches its sleeping
// streams' sockets with it (StreamHangups.swift).
#include <sys/epoll.h>
#include <microhttpd.h>

struct traqt_http_settings {
    int listen_socket;
    unsigned int threads;
    unsigned int connection_limit;
    unsigned int per_address_limit;
    unsigned int idle_timeout_seconds;
    size_t connection_memory;
    // PEM text, or NULL for plain HTTP.
    const char *certificate;
    const char *key;
};

// Leaves the path and the query as sent: the program decodes each path
// segment on its own, so that an id holding "%2F" stays one segment.
static inline size_t traqt_http_keep_escapes(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    size_t length = 0;
    while (text[length] != '\0') length++;
    return length;
}

static inline struct MHD_Daemon *traqt_http_start(const struct traqt_http_settings *settings,
                                                  MHD_AccessHandlerCallback handler,
                                                  MHD_RequestCompletedCallback completed,
                                                  MHD_NotifyConnectionCallback connections, void *context) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME;
    struct MHD_OptionItem tls[] = {
        {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)settings->certificate},
        {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)settings->key},
        {MHD_OPTION_END, 0, NULL},
    };
    if (settings->certificate == NULL) tls[0].option = MHD_OPTION_END;
    else flags |= MHD_USE_TLS;
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, context,
        MHD_OPTION_LISTEN_SOCKET, settings->listen_socket,
        MHD_OPTION_THREAD_POOL_SIZE, settings->threads,
        MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_address_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, settings->idle_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_NOTIFY_CONNECTION, connections, context,
        MHD_OPTION_UNESCAPE_CALLBACK, traqt_http_keep_escapes, NULL,
        MHD_OPTION_ARRAY, tls,
        MHD_OPTION_END);
}

// The peer's address, or NULL.
static inline const struct sockaddr *traqt_http_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

// The connection's socket, or -1.
static inline int traqt_http_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

// What the connection callback stored for the connection, or NULL.
static inline void *traqt_http_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}
#endif
