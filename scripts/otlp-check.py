#!/usr/bin/env python3
"""Checks `streamtrace export --format otlp` output with OpenTelemetry's own
definitions (the opentelemetry-proto package), against the input traces.

    otlp-check.py --output OUT.jsonl --epoch NS [--service NAME] [--version V] PATH...

PATH... are the paths given to the export. Every line of OUT must parse
with google.protobuf.json_format into opentelemetry.proto.trace.v1's
TracesData once its ids (checked to be lowercase hex of 32 / 16
characters) are turned into the base64 that protobuf's JSON mapping reads
for bytes. Then every span is compared with what the traces say, computed
here independently of the Swift code (docs/otlp.md is the mapping): ids,
parents, names, times, statuses, event counts and attributes, links, and
no span more or fewer. Prints one line and exits 0, or prints each
difference and exits 1.
"""
import argparse
import base64
import calendar
import hashlib
import json
import os
import re
import sys

from google.protobuf import json_format
from opentelemetry.proto.trace.v1 import trace_pb2

PER_SPAN = 128
ID_FIELDS = {"traceId": 32, "spanId": 16, "parentSpanId": 16}
problems = []


def problem(text):
    problems.append(text)


def digest(parts, count):
    return hashlib.sha256(b"\0".join(p.encode("utf-8", "surrogateescape") for p in parts)).digest()[:count]


def unix_nanos(text):
    """A header's `started` (UTC, 0-9 fraction digits) in Unix nanoseconds."""
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?[Zz]", text or "")
    if not m:
        return None
    seconds = calendar.timegm(tuple(int(g) for g in m.groups()[:6]))
    return seconds * 10**9 + int((m.group(7) or "").ljust(9, "0"))


def traces(paths):
    """(path, folder) of each trace, as the export finds them."""
    found = []
    for path in paths:
        if not os.path.isdir(path):
            found.append((path, None))
            continue
        below = []
        for root, _, files in os.walk(path):
            for name in files:
                if name.endswith(".jsonl"):
                    relative = os.path.relpath(os.path.join(root, name), path)
                    below.append(path.rstrip("/") + "/" + relative if not path.endswith("/") else path + relative)
        for file in sorted(below, key=lambda p: p.encode("utf-8", "surrogateescape")):
            found.append((file, file.rsplit("/", 1)[0] or "/"))
    return found


def read_trace(path):
    with open(path, "rb") as f:
        data = f.read().decode("utf-8")
    lines = data.split("\n")
    cut = not data.endswith("\n")
    objects = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            objects.append((number, json.loads(line.lstrip("\ufeff"))))
        except json.JSONDecodeError:
            if not (cut and number == len(lines)):
                raise
    header = objects[0][1]
    return header, objects[1:], cut


def expected_stream(path, folder, epoch):
    header, events, cut = read_trace(path)
    name = header.get("stream") or os.path.basename(path).removesuffix(".jsonl")
    started = unix_nanos(header.get("started"))
    usable = started is not None and 0 <= started < 2**63
    origin = started if usable else epoch + header.get("at", 0)
    span_events = []
    for line, event in events:
        kind = event["event"]
        if kind == "subscribe":
            continue
        attributes = {}
        if kind == "value":
            attributes["streamtrace.value"] = ("json", event["value"])
        elif kind == "request":
            attributes["streamtrace.demand"] = event["demand"]
        elif kind == "failure":
            attributes["exception.type"] = event["error"]["type"]
            attributes["exception.message"] = event["error"]["message"]
            if "value" in event:
                attributes["streamtrace.value"] = ("json", event["value"])
        attributes["streamtrace.line"] = line
        span_events.append((origin + event["t"], kind, attributes))
    times = [origin + e["t"] for _, e in events] or [origin]
    kinds = [e["event"] for _, e in events]
    terminal = {"finished": "finished", "failure": "failed", "cancel": "cancelled"}
    status = terminal.get(kinds[-1] if kinds else None, "truncated" if cut else "open")
    failure = next((e["error"]["message"] for _, e in events if e["event"] == "failure"), None)
    attributes = {"streamtrace.file": path}
    if "clock" in header:
        attributes["streamtrace.clock"] = header["clock"]
    attributes["streamtrace.status"] = status
    attributes["streamtrace.elements"] = kinds.count("value")
    attributes["streamtrace.events"] = len(span_events)
    chunks = (len(span_events) + PER_SPAN - 1) // PER_SPAN if len(span_events) > PER_SPAN else 0
    if chunks:
        attributes["streamtrace.chunks"] = chunks
    if status == "cancelled":
        attributes["streamtrace.cancelled"] = True
    if "meta" in header:
        attributes["streamtrace.meta"] = ("json", header["meta"])
    return {
        "path": path, "folder": folder, "name": name, "start": times[0], "end": times[-1],
        "status": (2, failure) if status == "failed" else (0, ""), "attributes": attributes,
        "events": span_events, "chunks": chunks,
    }


def compact(text):
    """Whether JSON text has no whitespace outside its strings."""
    in_string = escaped = False
    for character in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (character == "\\", character != '"')
        elif character == '"':
            in_string = True
        elif character in " \t\r\n":
            return False
    return True


def value_of(any_value):
    kind = any_value.WhichOneof("value")
    return {"string_value": any_value.string_value, "int_value": any_value.int_value,
            "bool_value": any_value.bool_value}[kind]


def compare_attributes(where, actual, expected):
    got = {a.key: value_of(a.value) for a in actual}
    if [a.key for a in actual] != list(expected):
        problem(f"{where}: attribute keys {[a.key for a in actual]}, expected {list(expected)}")
    for key, value in expected.items():
        if isinstance(value, tuple):
            text = got.get(key)
            if not isinstance(text, str) or json.loads(text) != value[1] or not compact(text):
                problem(f"{where}: {key} = {text!r}, expected the JSON {value[1]!r}, compact")
        elif got.get(key) != value or type(got.get(key)) is not type(value):
            problem(f"{where}: {key} = {got.get(key)!r}, expected {value!r}")


def compare_span(where, span, trace_id, span_id, parent, name, start, end, status, attributes):
    if span.trace_id != trace_id or span.parent_span_id != (parent or b""):
        problem(f"{where}: trace {span.trace_id.hex()} parent {span.parent_span_id.hex()}, expected "
                f"{trace_id.hex()} {(parent or b'').hex()}")
    if span.name != name or span.kind != trace_pb2.Span.SPAN_KIND_INTERNAL:
        problem(f"{where}: name {span.name!r} kind {span.kind}, expected {name!r} 1")
    if (span.start_time_unix_nano, span.end_time_unix_nano) != (start, end):
        problem(f"{where}: times {span.start_time_unix_nano}..{span.end_time_unix_nano}, expected {start}..{end}")
    if (span.status.code, span.status.message) != status:
        problem(f"{where}: status {(span.status.code, span.status.message)}, expected {status}")
    compare_attributes(where, span.attributes, attributes)


def compare_events(where, span, events):
    if len(span.events) != len(events):
        problem(f"{where}: {len(span.events)} events, expected {len(events)}")
    for index, (event, (time, kind, attributes)) in enumerate(zip(span.events, events)):
        if (event.time_unix_nano, event.name) != (time, kind):
            problem(f"{where} event {index}: {event.time_unix_nano} {event.name}, expected {time} {kind}")
        compare_attributes(f"{where} event {index}", event.attributes, attributes)


def parse_output(path, service, version):
    spans = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines[-1] != "":
        problem("the output does not end with a line end")
    for number, line in enumerate(lines[:-1], 1):
        document = json.loads(line)

        def ids(node):
            if isinstance(node, dict):
                for key, value in node.items():
                    if key in ID_FIELDS:
                        if not re.fullmatch(f"[0-9a-f]{{{ID_FIELDS[key]}}}", value):
                            problem(f"line {number}: {key} {value!r} is not {ID_FIELDS[key]} lowercase hex digits")
                        node[key] = base64.b64encode(bytes.fromhex(value)).decode()
                    else:
                        ids(value)
            elif isinstance(node, list):
                for item in node:
                    ids(item)

        ids(document)
        data = json_format.Parse(json.dumps(document), trace_pb2.TracesData())
        for resource in data.resource_spans:
            got = [(a.key, value_of(a.value)) for a in resource.resource.attributes]
            if got != [("service.name", service)]:
                problem(f"line {number}: resource {got}, expected service.name {service!r}")
            for scope in resource.scope_spans:
                if (scope.scope.name, scope.scope.version) != ("streamtrace", version):
                    problem(f"line {number}: scope {scope.scope.name} {scope.scope.version}")
                for span in scope.spans:
                    if span.span_id in spans:
                        problem(f"line {number}: span id {span.span_id.hex()} written twice")
                    spans[span.span_id] = span
    return spans, len(lines) - 1


def check_stream(stream, spans, checked):
    trace_id = digest(["trace", stream["folder"] or stream["path"]], 16)
    span_id = digest(["span", stream["path"], stream["name"]], 8)
    parent = digest(["folder", stream["folder"]], 8) if stream["folder"] else None
    span = spans.get(span_id)
    if span is None:
        return problem(f"{stream['path']}: no span {span_id.hex()}")
    checked.add(span_id)
    compare_span(stream["path"], span, trace_id, span_id, parent, stream["name"], stream["start"], stream["end"],
                 stream["status"], stream["attributes"])
    if not stream["chunks"]:
        return compare_events(stream["path"], span, stream["events"])
    compare_events(stream["path"], span, [])
    previous, start = None, stream["start"]
    for chunk in range(1, stream["chunks"] + 1):
        part = stream["events"][(chunk - 1) * PER_SPAN:chunk * PER_SPAN]
        chunk_id = digest(["span", stream["path"], stream["name"], str(chunk)], 8)
        where = f"{stream['path']} part {chunk}"
        child = spans.get(chunk_id)
        if child is None:
            problem(f"{where}: no span {chunk_id.hex()}")
            continue
        checked.add(chunk_id)
        compare_span(where, child, trace_id, chunk_id, span_id, f"{stream['name']} [{chunk}/{stream['chunks']}]",
                     start, part[-1][0], (0, ""), {"streamtrace.chunk": chunk})
        compare_events(where, child, part)
        links = [(link.trace_id, link.span_id) for link in child.links]
        if links != ([(trace_id, previous)] if previous else []):
            problem(f"{where}: links {[(t.hex(), s.hex()) for t, s in links]}, expected the part before")
        previous, start = chunk_id, part[-1][0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--output", required=True)
    parser.add_argument("--epoch", type=int, required=True)
    parser.add_argument("--service", default="streamtrace")
    parser.add_argument("--version", required=True, help="the scope version: streamtrace --version")
    parser.add_argument("paths", nargs="+")
    options = parser.parse_args()
    spans, lines = parse_output(options.output, options.service, options.version)
    streams = [expected_stream(path, folder, options.epoch) for path, folder in traces(options.paths)]
    checked = set()
    for folder in dict.fromkeys(s["folder"] for s in streams if s["folder"]):
        members = [s for s in streams if s["folder"] == folder]
        span_id = digest(["folder", folder], 8)
        span = spans.get(span_id)
        if span is None:
            problem(f"{folder}: no folder span {span_id.hex()}")
            continue
        checked.add(span_id)
        name = folder.rstrip("/").rsplit("/", 1)[-1] or folder
        compare_span(folder, span, digest(["trace", folder], 16), span_id, None,
                     folder if name in (".", "..") else name, min(s["start"] for s in members),
                     max(s["end"] for s in members), (0, ""),
                     {"streamtrace.folder": folder, "streamtrace.streams": len(members)})
    for stream in streams:
        check_stream(stream, spans, checked)
    for extra in set(spans) - checked:
        problem(f"span {extra.hex()} ({spans[extra].name!r}) is in no input trace")
    for text in problems:
        print("otlp-check: " + text)
    events = sum(len(s.events) for s in spans.values())
    print(f"otlp-check: {lines} lines, {len(spans)} spans, {events} events: "
          + ("all match the traces" if not problems else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
