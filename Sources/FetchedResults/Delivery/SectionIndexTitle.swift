import ObjectGraph

extension FetchedResultsController {
    /// Apple's default index title of a section: `[[NSString stringWithFormat:@"%c",
    /// [name characterAtIndex:0]] uppercaseString]`, nil for an empty name (the public
    /// decompilation of iOS 18.2's `-sectionIndexTitleForSectionName:`, the only source).
    ///
    /// `%c` takes the first UTF-16 unit as a C `char`: CoreFoundation's formatter reads the
    /// argument as `(int8_t)va_arg(args, int)`, prints it with `snprintf`'s `%c` and appends the
    /// byte in the 8-bit string encoding, MacRoman on iOS (`CFString.c`: `case 'c'` is
    /// `CFFormatLongType` of `CFFormatSize1`; `__defaultEncoding` is `kCFStringEncodingMacRoman`
    /// on `DEPLOYMENT_TARGET_EMBEDDED`). So only the unit's low byte counts: ASCII letters come
    /// out as themselves, `Ä` (U+00C4) as MacRoman 0xC4 `ƒ`, uppercased `Ƒ`; `日` (U+65E5) as
    /// 0xE5 `Â`; `🍎` (high surrogate U+D83C) as `<`; a unit whose low byte is 0 (`Ā`, U+0100)
    /// as the empty title, since `snprintf` wrote a NUL.
    ///
    ///     FetchedResultsController.defaultIndexTitle(forSectionName: "Äpfel")  // "Ƒ"
    public static func defaultIndexTitle(forSectionName name: String) -> String? {
        guard let unit = name.utf16.first else { return nil }
        let byte = Int(unit & 0xFF)
        guard byte != 0 else { return "" }
        let character = byte < 0x80 ? Unicode.Scalar(UInt8(byte)) : macRomanHighHalf[byte - 0x80]
        return String(Character(character)).uppercased()
    }

    /// MacRoman's bytes 0x80–0xFF as Unicode scalars, 64 a line (Unicode's
    /// `MAPPINGS/VENDORS/APPLE/ROMAN.TXT`, with 0xDB the euro sign and 0xF0 the Apple logo at
    /// U+F8FF, as CoreFoundation maps them). The no-break space (0xCA) and the logo are escaped,
    /// being invisible; every other scalar stands as itself, none of them combining. Foundation's
    /// `.macOSRoman` decoding on Linux does not follow this table, so it cannot stand in for it.
    static let macRomanHighHalf: [Unicode.Scalar] = Array(
        ("ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø"
            + "¿¡¬√ƒ≈∆«»…\u{A0}ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{F8FF}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ").unicodeScalars)
}
