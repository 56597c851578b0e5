"""Gateway transport compression, chosen by the `compress` query parameter of the socket URL.

discord.py 2.7 always asks for one: `zstd-stream` when `zstandard` (or Python 3.14's
`compression.zstd`) is importable, else `zlib-stream`. Both are one compression context for
the whole connection, flushed after every gateway message so each frame decodes at once.
"""

from __future__ import annotations

import zlib
from typing import Protocol


class Transport(Protocol):
    def encode(self, text: str) -> str | bytes: ...


class Plain:
    """No `compress` parameter: JSON text frames."""

    def encode(self, text: str) -> str:
        return text


class ZlibStream:
    def __init__(self) -> None:
        self._context = zlib.compressobj()

    def encode(self, text: str) -> bytes:
        # Z_SYNC_FLUSH ends each message with 00 00 ff ff, the marker discord.py waits for.
        return self._context.compress(text.encode()) + self._context.flush(zlib.Z_SYNC_FLUSH)


class ZstdStream:
    def __init__(self) -> None:
        try:
            import zstandard
        except ImportError:
            from compression import zstd  # type: ignore[import-not-found]

            compressor = zstd.ZstdCompressor()
            self._encode = lambda data: compressor.compress(data, zstd.ZstdCompressor.FLUSH_BLOCK)
        else:
            context = zstandard.ZstdCompressor().compressobj()
            flush = zstandard.COMPRESSOBJ_FLUSH_BLOCK
            self._encode = lambda data: context.compress(data) + context.flush(flush)

    def encode(self, text: str) -> bytes:
        return self._encode(text.encode())


def transport_for(compress: str | None) -> Transport:
    """The transport for a `compress` value; ValueError for one Discord does not offer."""
    if compress is None:
        return Plain()
    if compress == "zlib-stream":
        return ZlibStream()
    if compress == "zstd-stream":
        return ZstdStream()
    raise ValueError(f"unknown gateway compression {compress!r}")
