import Foundation

/// Model files written by hand in the format Xcode writes (`contents` of an `.xcdatamodel`):
/// the root `<model type="com.apple.IDECoreDataModeler.DataModel" …>`, `<entity>` with
/// `<attribute>`/`<relationship>` children, booleans as `YES` (left out for NO), to-one
/// relationships with `maxCount="1"`, to-many with `toMany="YES"`, and the `<elements>` layout
/// block — as in model files in public repositories (Xcode 9–15 output).
enum ModelFixtures {
    static let header = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        """

    /// Every attribute type, optionality, defaults, a transient attribute, a to-one relationship,
    /// a fetch request, a fetched property and a configuration.
    static let everyType =
        header + """

                <entity name="Folder" representedClassName="Folder" syncable="YES" codeGenerationType="class">
                    <attribute name="name" attributeType="String" defaultValueString="Inbox"/>
                </entity>
                <entity name="Sample" representedClassName=".SampleMO" syncable="YES" codeGenerationType="class">
                    <attribute name="text" optional="YES" attributeType="String"/>
                    <attribute name="small" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                    <attribute name="medium" attributeType="Integer 32" defaultValueString="-7" usesScalarValueType="YES"/>
                    <attribute name="large" attributeType="Integer 64" defaultValueString="9000000000" usesScalarValueType="YES"/>
                    <attribute name="ratio" optional="YES" attributeType="Double" defaultValueString="0.5" usesScalarValueType="YES"/>
                    <attribute name="weight" optional="YES" attributeType="Float" defaultValueString="1.25" usesScalarValueType="YES"/>
                    <attribute name="price" optional="YES" attributeType="Decimal" defaultValueString="9.99"/>
                    <attribute name="flag" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
                    <attribute name="when" optional="YES" attributeType="Date" defaultDateTimeInterval="86400" usesScalarValueType="NO"/>
                    <attribute name="blob" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                    <attribute name="identifier" optional="YES" attributeType="UUID" usesScalarValueType="NO"/>
                    <attribute name="link" optional="YES" attributeType="URI"/>
                    <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
                    <attribute name="scratch" optional="YES" transient="YES" attributeType="String"/>
                    <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                    <fetchedProperty name="siblings" optional="YES">
                        <fetchRequest name="fetchedPropertyFetchRequest" entity="Sample" predicateString="flag == YES"/>
                    </fetchedProperty>
                </entity>
                <fetchRequest name="Flagged" entity="Sample" predicateString="flag == YES AND ratio &gt; 0.25" fetchLimit="10"/>
                <configuration name="Cloud" usedWithCloudKit="YES">
                    <memberEntity name="Sample"/>
                </configuration>
                <elements>
                    <element name="Folder" positionX="-63" positionY="-18" width="128" height="44"/>
                    <element name="Sample" positionX="-54" positionY="-9" width="128" height="254"/>
                </elements>
            </model>
            """

    /// Folder ↔ Note, to-many on the folder's side.
    static let toMany =
        header + """

                <entity name="Folder" representedClassName="Folder" syncable="YES">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="notes" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                </entity>
                <entity name="Note" representedClassName="Note" syncable="YES">
                    <attribute name="title" attributeType="String"/>
                    <relationship name="folder" optional="YES" maxCount="1" deletionRule="Deny" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                </entity>
            </model>
            """

    /// An abstract root with two concrete sub-entities, one of them with a sub-entity of its own.
    static let inheritance =
        header + """

                <entity name="Item" representedClassName="Item" isAbstract="YES" syncable="YES">
                    <attribute name="title" attributeType="String"/>
                    <attribute name="created" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
                </entity>
                <entity name="Task" representedClassName="Task" parentEntity="Item" syncable="YES">
                    <attribute name="done" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
                </entity>
                <entity name="Event" representedClassName="Event" parentEntity="Item" syncable="YES">
                    <attribute name="starts" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
                </entity>
                <entity name="Meeting" representedClassName="Meeting" parentEntity="Event" syncable="YES">
                    <attribute name="room" optional="YES" attributeType="String"/>
                    <relationship name="agenda" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Task"/>
                </entity>
            </model>
            """

    /// A model of `count` entities of 8 attributes each, every one but the first with a to-one
    /// relationship to the previous one.
    static func generated(entities count: Int) -> String {
        var text = header + "\n"
        let types = ["String", "Integer 64", "Double", "Boolean", "Date", "Integer 16", "UUID", "Float"]
        for i in 0..<count {
            text += "    <entity name=\"Entity\(i)\" representedClassName=\"Entity\(i)\" syncable=\"YES\">\n"
            for (k, type) in types.enumerated() {
                text += "        <attribute name=\"field\(k)\" optional=\"YES\" attributeType=\"\(type)\"/>\n"
            }
            if i > 0 {
                text +=
                    "        <relationship name=\"previous\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"Entity\(i - 1)\"/>\n"
            }
            text += "    </entity>\n"
        }
        return text + "</model>\n"
    }

    /// The `.xccurrentversion` property list Xcode writes in a bundle.
    static func currentVersion(_ name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>\(name)</string>
        </dict>
        </plist>
        """
    }
}

/// A fresh temporary directory for one test, removed at the end.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "coredatafiles-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `relative` (creating directories) and returns its full path.
    @discardableResult
    func write(_ text: String, to relative: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }
}
