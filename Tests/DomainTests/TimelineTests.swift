import Foundation
import Testing
import Domain

@Suite("Timeline")
struct TimelineTests {
    @Test("A timeline whose file does not exist yet has no posts")
    func missingFileIsEmpty() throws {
        #expect(try makeTemporaryTimeline().posts().isEmpty)
    }

    @Test("Posts read back exactly as they were appended, in order")
    func roundTrip() throws {
        let timeline = makeTemporaryTimeline()
        let posts = [
            Post(network: .twitter, text: "Hello"),
            Post(network: .facebook, text: "Two\nlines, \"quoted\", a \\ backslash and 日本語", imageName: "cat.jpg"),
            Post(network: .twitter, text: "", imageName: "a/b.png"),
        ]
        for post in posts {
            try timeline.append(post)
        }
        #expect(try timeline.posts() == posts)
    }

    @Test("Each post takes exactly one line of the file, even text with newlines")
    func onePostPerLine() throws {
        let timeline = makeTemporaryTimeline()
        try timeline.append(Post(network: .twitter, text: "a\nb\r\nc"))
        try timeline.append(Post(network: .facebook, text: "d"))
        let contents = try String(contentsOf: timeline.fileURL, encoding: .utf8)
        #expect(contents.split(separator: "\n").count == 2)
        #expect(contents.hasSuffix("\n"))
    }

    @Test("A line that is not a post is reported with its number")
    func unreadableLine() throws {
        let timeline = makeTemporaryTimeline()
        try timeline.append(Post(network: .twitter, text: "fine"))
        let handle = try FileHandle(forWritingTo: timeline.fileURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n".utf8))
        try handle.close()
        #expect(throws: TimelineError.unreadableLine(number: 2, file: timeline.fileURL.path)) {
            try timeline.posts()
        }
    }

    @Test("Removing all posts empties the timeline")
    func removeAll() throws {
        let timeline = makeTemporaryTimeline()
        try timeline.append(Post(network: .twitter, text: "gone soon"))
        try timeline.removeAll()
        #expect(try timeline.posts().isEmpty)
        try timeline.removeAll()  // a second time is harmless
    }

    @Test("The standard timeline is the file named by DIDOJO_TIMELINE")
    func standardFromEnvironment() {
        let url = Timeline.standardFileURL(
            environment: ["DIDOJO_TIMELINE": "/tmp/learner/timeline.txt"],
            currentDirectory: URL(fileURLWithPath: "/somewhere", isDirectory: true)
        )
        #expect(url.path == "/tmp/learner/timeline.txt")
    }

    @Test("A relative DIDOJO_TIMELINE is taken from the current directory")
    func standardRelative() {
        let url = Timeline.standardFileURL(
            environment: ["DIDOJO_TIMELINE": "work/posts.txt"],
            currentDirectory: URL(fileURLWithPath: "/somewhere", isDirectory: true)
        )
        #expect(url.path == "/somewhere/work/posts.txt")
    }

    @Test("Without DIDOJO_TIMELINE the standard timeline is timeline.txt in the current directory")
    func standardDefault() {
        for environment in [[:], ["DIDOJO_TIMELINE": ""]] {
            let url = Timeline.standardFileURL(
                environment: environment,
                currentDirectory: URL(fileURLWithPath: "/somewhere", isDirectory: true)
            )
            #expect(url.path == "/somewhere/timeline.txt")
        }
    }
}
