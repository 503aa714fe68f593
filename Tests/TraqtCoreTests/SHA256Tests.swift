import Foundation
import Testing
@testable import TraqtCore

/// SHA-256 by nettle, held to FIPS 180's examples and to Python's hashlib, and
/// the constant-time comparison beside it.
@Suite("SHA-256 and constant-time comparison")
struct SHA256Tests {
    @Test("the FIPS 180 examples: abc, the empty string, the 448-bit message, a million a's")
    func fipsVectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(repeatElement(UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("random inputs of 0 to 300 bytes hash as Python's hashlib hashes them, from an array or a slice")
    func matchesHashlib() throws {
        var generator = SystemRandomNumberGenerator()
        let inputs = (0..<200).map { index in
            (0..<(index * 3 / 2)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        let script = "import hashlib, sys\nfor line in sys.stdin: print(hashlib.sha256(bytes.fromhex(line.strip())).hexdigest())"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(inputs.map { RandomBytes.hex($0) + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(expected.count == inputs.count)
        for (bytes, hex) in zip(inputs, expected) {
            #expect(SHA256.hex(bytes) == hex, "\(RandomBytes.hex(bytes))")
            // A slice that does not start at 0 hashes its own bytes only.
            #expect(SHA256.hex(([0x55] + bytes + [0xAA])[1..<(bytes.count + 1)]) == hex)
        }
    }

    @Test("equal byte strings compare equal; any one byte changed, or another length, does not")
    func constantTime() {
        let digest = SHA256.digest(Array("abc".utf8))
        #expect(ConstantTime.equal(digest, digest))
        #expect(ConstantTime.equal([UInt8](), [UInt8]()))
        for index in digest.indices {
            for bit in 0..<8 {
                var changed = digest
                changed[index] ^= 1 << bit
                #expect(!ConstantTime.equal(digest, changed))
            }
        }
        #expect(!ConstantTime.equal(digest, digest.dropLast()))
        #expect(!ConstantTime.equal(digest, digest + [0]))
    }
}
