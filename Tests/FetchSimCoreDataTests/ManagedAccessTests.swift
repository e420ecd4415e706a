import FetchSimCoreData
import Foundation
import Testing

/// Properties of every standard type over attributes of their own type and of others: the reads
/// and writes `@Managed` makes without `Any`, and the ones it leaves to key-value coding.
final class Sample: NSManagedObject {
    @Managed var small: Int16  // integer 16
    @Managed var smallWide: Int32  // integer 16, read as 32 bits
    @Managed var medium: Int16  // integer 32, read as 16 bits
    @Managed var large: Int64  // integer 64
    @Managed var count: Int  // integer 64
    @Managed var optionalLarge: Int64?  // integer 64
    @Managed var ratio: Double  // double
    @Managed var share: Float  // float
    @Managed var shareWide: Double  // float, read as a double
    @Managed var ratioNarrow: Float  // double, read as a float
    @Managed var wholeRatio: Double  // integer 64, read as a double
    @Managed var flag: Bool  // boolean
    @Managed var countFlag: Bool  // integer 64, read as a flag
    @Managed var name: String  // string
    @Managed var nickname: String?  // string
    @Managed var day: Date  // date
    @Managed var deadline: Date?  // date
}

/// Expectations written by hand from what Core Data's accessors give: `NSNumber`'s conversions
/// (a 16-bit attribute holds the value truncated to 16 bits), the scalar accessors' empty values
/// for nil (0, false, "", the reference date), and the exceptions of key-value coding for a value
/// of the wrong type. Each read is also held to the key-value path it replaces.
@Suite struct ManagedAccessTests {
    static func model() -> NSManagedObjectModel {
        let entity = NSEntityDescription()
        entity.name = "Sample"
        entity.managedObjectClassName = NSStringFromClass(Sample.self)
        let attributes: [(String, NSAttributeType)] = [
            ("small", .integer16AttributeType), ("smallWide", .integer16AttributeType),
            ("medium", .integer32AttributeType), ("large", .integer64AttributeType),
            ("count", .integer64AttributeType), ("optionalLarge", .integer64AttributeType),
            ("ratio", .doubleAttributeType), ("share", .floatAttributeType), ("shareWide", .floatAttributeType),
            ("ratioNarrow", .doubleAttributeType), ("wholeRatio", .integer64AttributeType),
            ("flag", .booleanAttributeType), ("countFlag", .integer64AttributeType),
            ("name", .stringAttributeType), ("nickname", .stringAttributeType),
            ("day", .dateAttributeType), ("deadline", .dateAttributeType),
        ]
        entity.properties = attributes.map { NotesModel.attribute($0.0, $0.1) }
        let model = NSManagedObjectModel()
        model.entities = [entity]
        return model
    }

    /// Every property read as `@Managed` reads it and as `ManagedValue.managedValue(from:)` makes
    /// it from `value(forKey:)`: the two must agree.
    static func agreesWithKeyValueCoding(_ sample: Sample) -> Bool {
        func same<V: ManagedValue & Equatable>(_ read: V, _ key: String) -> Bool {
            read == V.managedValue(from: sample.value(forKey: key))
        }
        return same(sample.small, "small") && same(sample.smallWide, "smallWide") && same(sample.medium, "medium")
            && same(sample.large, "large") && same(sample.count, "count")
            && same(sample.optionalLarge, "optionalLarge") && same(sample.ratio, "ratio")
            && same(sample.share, "share") && same(sample.shareWide, "shareWide")
            && same(sample.ratioNarrow, "ratioNarrow") && same(sample.wholeRatio, "wholeRatio")
            && same(sample.flag, "flag") && same(sample.countFlag, "countFlag") && same(sample.name, "name")
            && same(sample.nickname, "nickname") && same(sample.day, "day") && same(sample.deadline, "deadline")
    }

    @Test func nilReadsAsTheScalarAccessorsEmptyValues() throws {
        let context = try NotesModel.container(Self.model()).viewContext
        let sample = Sample(context: context)
        #expect(sample.small == 0 && sample.large == 0 && sample.count == 0 && sample.optionalLarge == nil)
        #expect(sample.ratio == 0 && sample.share == 0 && !sample.flag && sample.name == "" && sample.nickname == nil)
        #expect(sample.day == Date(timeIntervalSinceReferenceDate: 0) && sample.deadline == nil)
        #expect(Self.agreesWithKeyValueCoding(sample))
    }

    @Test func valuesSetByKeyReadBackThroughTheProperties() throws {
        let context = try NotesModel.container(Self.model()).viewContext
        let sample = Sample(context: context)
        let day = Date(timeIntervalSinceReferenceDate: 86_400)
        let values: [(String, Any)] = [
            ("small", 70_000), ("smallWide", 70_000), ("medium", 70_000), ("large", Int64.max), ("count", -3),
            ("optionalLarge", 12), ("ratio", 2.5), ("share", 0.1), ("shareWide", 0.1), ("ratioNarrow", 0.1),
            ("wholeRatio", 4), ("flag", true), ("countFlag", 2), ("name", "Milk"), ("nickname", "M"),
            ("day", day), ("deadline", day),
        ]
        for (key, value) in values { sample.setValue(value, forKey: key) }
        #expect(context.raisedExceptions.take().isEmpty)
        // 70,000 in 16 bits is 70,000 − 65,536.
        #expect(sample.small == 4_464 && sample.smallWide == 4_464 && sample.medium == 4_464)
        #expect(sample.large == Int64.max && sample.count == -3 && sample.optionalLarge == 12)
        #expect(sample.ratio == 2.5 && sample.share == Float(0.1) && sample.shareWide == Double(Float(0.1)))
        #expect(sample.ratioNarrow == Float(0.1) && sample.wholeRatio == 4)
        #expect(sample.flag && sample.countFlag && sample.name == "Milk" && sample.nickname == "M")
        #expect(sample.day == day && sample.deadline == day)
        #expect(Self.agreesWithKeyValueCoding(sample))
    }

    @Test func propertiesWriteWhatKeyValueCodingReads() throws {
        let context = try NotesModel.container(Self.model()).viewContext
        let sample = Sample(context: context)
        sample.small = -2
        sample.large = 1 << 40
        sample.optionalLarge = 5
        sample.ratio = 0.25
        sample.share = 1.5
        sample.wholeRatio = 6
        sample.flag = true
        sample.name = "Oat"
        sample.nickname = "O"
        sample.deadline = Date(timeIntervalSinceReferenceDate: 60)
        #expect(context.raisedExceptions.take().isEmpty)
        #expect((sample.value(forKey: "small") as? NSNumber)?.int16Value == -2)
        #expect((sample.value(forKey: "large") as? NSNumber)?.int64Value == 1 << 40)
        #expect((sample.value(forKey: "optionalLarge") as? NSNumber)?.int64Value == 5)
        #expect((sample.value(forKey: "ratio") as? NSNumber)?.doubleValue == 0.25)
        #expect((sample.value(forKey: "share") as? NSNumber)?.floatValue == 1.5)
        // A whole double stored in an integer attribute: NSNumber 6.
        #expect((sample.value(forKey: "wholeRatio") as? NSNumber)?.int64Value == 6)
        #expect((sample.value(forKey: "flag") as? NSNumber)?.boolValue == true)
        #expect(sample.value(forKey: "name") as? String == "Oat" && sample.value(forKey: "nickname") as? String == "O")
        #expect(sample.value(forKey: "deadline") as? Date == Date(timeIntervalSinceReferenceDate: 60))
        sample.nickname = nil
        sample.optionalLarge = nil
        sample.deadline = nil
        #expect(sample.value(forKey: "nickname") == nil && sample.value(forKey: "optionalLarge") == nil)
        #expect(sample.value(forKey: "deadline") == nil)
        #expect(Self.agreesWithKeyValueCoding(sample))
    }

    @Test func aValueTheAttributeCannotHoldRaisesAsKeyValueCodingDoes() throws {
        let context = try NotesModel.container(Self.model()).viewContext
        let sample = Sample(context: context)
        sample.wholeRatio = 2
        sample.wholeRatio = 2.5  // not a whole number: refused, the attribute keeps 2
        sample.countFlag = true  // a Bool for an integer attribute: refused
        #expect(sample.wholeRatio == 2 && !sample.countFlag)
        #expect(
            context.raisedExceptions.take().map(\.description) == [
                #"NSInvalidArgumentException: Unacceptable type of value for attribute: property = "wholeRatio"; desired type = NSNumber; given type = Double; value = 2.5."#,
                #"NSInvalidArgumentException: Unacceptable type of value for attribute: property = "countFlag"; desired type = NSNumber; given type = Bool; value = true."#,
            ])
    }

    @Test func anObjectOfNoContextKeepsItsValues() {
        let entity = Self.model().entitiesByName["Sample"] ?? NSEntityDescription()
        let sample = Sample(entity: entity, insertInto: nil)
        sample.large = 9
        sample.name = "Tea"
        sample.nickname = nil
        #expect(sample.large == 9 && sample.name == "Tea" && sample.nickname == nil)
        #expect(Self.agreesWithKeyValueCoding(sample))
    }
}

/// `objectID` is handed out again while nothing that changes it happens, and made again when
/// something does (Apple: an object's ID is temporary until it is saved or given a permanent ID).
@Suite struct ObjectIDTests {
    @Test func anObjectHandsOutOneIDUntilItsSaveMakesItPermanent() throws {
        let container = try NotesModel.container()
        let context = container.viewContext
        let note = Note(context: context)
        let first = note.objectID
        #expect(first.isTemporaryID && note.objectID === first)
        note.title = "Milk"
        context.processPendingChanges()
        #expect(note.objectID === first)
        try context.save()
        let saved = note.objectID
        #expect(!saved.isTemporaryID && saved == first && saved.hashValue == first.hashValue)
        note.title = "Oat milk"
        context.processPendingChanges()
        #expect(note.objectID === saved)
    }

    @Test func permanentIDsObtainedBeforeTheSaveShowAtOnce() throws {
        let context = try NotesModel.container().viewContext
        let note = Note(context: context)
        #expect(note.objectID.isTemporaryID)
        try context.obtainPermanentIDs(for: [note])
        #expect(!note.objectID.isTemporaryID)
    }

    /// docs/apple-api.md: `isTemporaryID` says the object is unsaved — inserted since the last
    /// save — until a permanent ID is obtained. Held after each step that can change it.
    @Test func theIDIsTemporaryExactlyWhileTheObjectIsInserted() throws {
        let container = try NotesModel.container()
        let context = container.viewContext
        let kept = Note(context: context)
        var notes = [kept]
        func agree() -> Bool { notes.allSatisfy { $0.objectID.isTemporaryID == $0.isInserted } }
        #expect(kept.objectID.isTemporaryID && agree())
        try context.save()
        #expect(!kept.objectID.isTemporaryID && agree())
        let dropped = Note(context: context)
        notes.append(dropped)
        #expect(dropped.objectID.isTemporaryID && agree())
        context.delete(dropped)
        #expect(agree())
        context.processPendingChanges()
        #expect(agree())
        let rolledBack = Note(context: context)
        notes.append(rolledBack)
        #expect(rolledBack.objectID.isTemporaryID && agree())
        context.rollback()
        #expect(agree())
        context.undoManager = UndoManager()
        let undone = Note(context: context)
        notes.append(undone)
        context.processPendingChanges()
        #expect(undone.objectID.isTemporaryID && agree())
        context.undo()
        #expect(agree())
        context.redo()
        #expect(agree())
    }

    @Test func equalIDsHashAlikeAndIDsOfTwoObjectsDiffer() throws {
        let container = try NotesModel.container()
        let first = Note(context: container.viewContext)
        let second = Note(context: container.viewContext)
        try container.viewContext.save()
        let background = container.newBackgroundContext()
        let again = background.object(with: first.objectID)
        #expect(again !== first && again.objectID == first.objectID)
        #expect(again.objectID.hashValue == first.objectID.hashValue)
        #expect(first.objectID != second.objectID)
        #expect(Set([first.objectID, second.objectID, again.objectID]).count == 2)
    }
}
