#if Server
import CMicroHTTPD
#endif

/// The reason phrases of RFC 9110 for the statuses the server sends: a
/// problem's title and the watchdog's status line. Kept here, not asked of
/// libmicrohttpd, so that every build has them; a test of the Server build
/// holds them to libmicrohttpd's own.
public enum HTTPStatus {
    /// The statuses traqt answers with.
    public static let sent = [200, 201, 204, 400, 401, 403, 404, 405, 408, 409, 410, 413, 415, 422, 431, 500, 503]

    public static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 431: "Request Header Fields Too Large"
        // Not RFC 9110's: what proxies log for a client that went away.
        case 499: "Client Closed Request"
        case 503: "Service Unavailable"
        default: "Internal Server Error"
        }
    }

    #if Server
    /// libmicrohttpd's phrase for `status`, which `phrase` is checked against.
    public static func libraryPhrase(_ status: Int) -> String {
        String(cString: MHD_get_reason_phrase_for(UInt32(status)))
    }
    #endif
}
