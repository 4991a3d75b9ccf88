/// A data source that passes every request on to another one and reports it first, so the
/// demo can show the moment the interactor reaches outside the module.
///
/// It is handed in like any data source: the module cannot tell it from the real one, which
/// is the point of depending on a protocol.
struct ReportingUserDataSource: UserDataSource {
    let wrapped: any UserDataSource
    let report: (String) -> Void

    func fetchUsers() throws -> [User] {
        let users = try wrapped.fetchUsers()
        report("returned \(users.count) users: " + users.map(\.name).joined(separator: ", "))
        return users
    }
}
