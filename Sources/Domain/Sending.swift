/// What both clients do to send a post; kept in one place so the two networks behave alike.
func send(_ post: Post, showingOn screen: any Screen, to timeline: Timeline) throws {
    screen.present(.compose(post))
    try timeline.append(post)
}
