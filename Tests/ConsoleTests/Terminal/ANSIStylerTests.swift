import Console
import Testing

@Suite struct ANSIStylerTests {
    @Test func plainWhenColourIsOff() {
        let styler = ANSIStyler(policy: .plain)
        for style in TextStyle.allCases {
            #expect(styler.apply(style, to: "text") == "text")
        }
        #expect(styler.bold("b") == "b")
    }

    @Test func escapesWhenColourIsOn() {
        let styler = ANSIStyler(policy: ColorPolicy(usesColor: true))
        #expect(styler.bold("b") == "\u{1B}[1mb\u{1B}[0m")
        #expect(styler.dim("d") == "\u{1B}[2md\u{1B}[0m")
        #expect(styler.red("r") == "\u{1B}[31mr\u{1B}[0m")
        #expect(styler.green("g") == "\u{1B}[32mg\u{1B}[0m")
        #expect(styler.yellow("y") == "\u{1B}[33my\u{1B}[0m")
        #expect(styler.cyan("c") == "\u{1B}[36mc\u{1B}[0m")
        #expect(styler.reverse("v") == "\u{1B}[7mv\u{1B}[0m")
        #expect(styler.apply(.bold, .red, to: "x") == "\u{1B}[1;31mx\u{1B}[0m")
        #expect(styler.apply(.bold, to: "") == "")
    }
}
