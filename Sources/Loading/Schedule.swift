import CivilTime

/// A story, coalition or event dated after the build's day is scheduled: on no page, feed, digest
/// or e-mail until that day (`--future` shows it in a preview).
public protocol Scheduled {
    var date: ContentDate? { get }
}

extension Scheduled {
    /// True when its `date` is after `today`.
    public func isScheduled(on today: CivilDate) -> Bool { date.map { $0.day > today } ?? false }

    /// True when it was published by the end of `day` (undated items always were).
    public func isOut(by day: CivilDate) -> Bool { date.map { $0.day <= day } ?? true }
}

extension Story: Scheduled {}
extension Coalition: Scheduled {}
extension Event: Scheduled {}
