import HTTPServer
import TraqtCore

/// `PATCH /v1/activities/{id}`: `traqt edit` over HTTP. Changes what the body
/// gives, read as `import` reads those fields, through the same store call.
enum ActivityEditEndpoint {
    static let route = APIRoute(
        method: "PATCH", pattern: "/v1/activities/{id}", scope: .write,
        summary: "Edit the activity: any of name, days or daysOfWeek, time or timeOfDay, newId (a rename).", handle: edit)

    static func edit(_ call: APICall) throws -> HTTPResponse {
        let id = call.parameter("id")
        let body = try call.jsonBody()
        // Checked first: a typo is refused, never read as nothing to change.
        _ = try RequestFields(body, known: ActivityEdit.jsonFields)
        let edit = try ActivityEdit.decode(object: body)
        guard !edit.isEmpty else {
            throw APIError.invalidBody(message: "nothing to change: give \(ActivityEdit.jsonFields.joined(separator: ", "))")
        }
        let store = try call.service.openForWriting(createIfMissing: false)
        let edited = try store.edit(id: id, edit, now: call.now.seconds)
        var answer = try APIEndpoints.stored(edited.id, in: store)
        if !edited.id.utf8.elementsEqual(id.utf8) {
            answer.headers.append(APIEndpoints.location("/v1/activities", edited.id))
        }
        return answer
    }
}
