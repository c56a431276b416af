#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <string.h>
#include <microhttpd.h>

/// Starts a daemon on `host:port` (IPv4; port 0 picks a free one) with a thread per connection.
/// MHD_start_daemon is variadic, which Swift cannot call, so its options are fixed here. NULL when
/// the address is not an IPv4 address or the port cannot be bound.
static inline struct MHD_Daemon *minidesk_mhd_start(const char *host, uint16_t port,
                                                    MHD_AccessHandlerCallback handler, void *context,
                                                    MHD_RequestCompletedCallback completed) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, host, &address.sin_addr) != 1) return NULL;
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, port,
                            NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)60,
                            MHD_OPTION_THREAD_STACK_SIZE, (size_t)(16 * 1024 * 1024),
                            MHD_OPTION_END);
}

/// The port the daemon listens on (useful after asking for port 0).
static inline uint16_t minidesk_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
