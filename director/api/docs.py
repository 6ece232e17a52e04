"""``/api/docs/``: the API reference, rendered on the server from the OpenAPI schema.

Nothing is fetched from a CDN or run in the browser: the page is plain HTML generated from the
same schema ``/api/schema/`` serves, so it works on a venue laptop with no internet.
"""

from __future__ import annotations

from functools import lru_cache

from django.shortcuts import render
from django.views.decorators.http import require_GET

from .schema import SchemaView

METHODS = ("get", "post", "put", "patch", "delete")


def _ref_name(node: dict | None) -> str:
    if not node:
        return ""
    if "$ref" in node:
        return node["$ref"].rsplit("/", 1)[-1]
    if node.get("type") == "array":
        inner = _ref_name(node.get("items"))
        return f"list of {inner}" if inner else "list"
    return node.get("type", "")


def _type(node: dict) -> str:
    if "$ref" in node:
        return _ref_name(node)
    if "allOf" in node:
        return " & ".join(_type(part) for part in node["allOf"])
    if "oneOf" in node:
        return " or ".join(_type(part) for part in node["oneOf"])
    kind = node.get("type", "any")
    if kind == "object" and isinstance(node.get("additionalProperties"), dict) and not node.get("properties"):
        return f"map of {_type(node['additionalProperties'])}"  # a sheet's counts by seat, a deal
    if kind == "array":
        return f"list of {_type(node.get('items', {}))}"
    if node.get("format"):
        kind = f"{kind} ({node['format']})"
    if node.get("enum"):
        kind = f"{kind}: {' | '.join(str(v) for v in node['enum'] if v not in ('', None))}"
    return kind


def _body_ref(content: dict | None) -> str:
    if not content:
        return ""
    media = content.get("application/json") or next(iter(content.values()), {})
    return _ref_name(media.get("schema"))


def _component(name: str, node: dict) -> dict:
    required = set(node.get("required", []))
    fields = [
        {
            "name": field,
            "type": _type(spec),
            "required": field in required,
            "read_only": spec.get("readOnly", False),
            "description": spec.get("description", ""),
        }
        for field, spec in node.get("properties", {}).items()
    ]
    return {"name": name, "description": node.get("description", ""), "fields": fields, "type": _type(node)}


def reference(schema: dict) -> dict:
    """The schema reshaped for the template: operations grouped by their first path segment."""
    groups: dict[str, list] = {}
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            group = path.strip("/").split("/")[1] if path.count("/") > 2 else path
            groups.setdefault(group, []).append(
                {
                    "method": method.upper(),
                    "path": path,
                    "anchor": op.get("operationId", f"{method}{path}"),
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "parameters": [
                        {
                            "name": p["name"],
                            "in": p["in"],
                            "type": _type(p.get("schema", {})),
                            "required": p.get("required", False),
                            "description": p.get("description", ""),
                        }
                        for p in op.get("parameters", [])
                    ],
                    "request": _body_ref((op.get("requestBody") or {}).get("content")),
                    "responses": [
                        {"code": code, "description": r.get("description", ""), "body": _body_ref(r.get("content"))}
                        for code, r in op.get("responses", {}).items()
                    ],
                }
            )
    components = [_component(n, c) for n, c in sorted(schema.get("components", {}).get("schemas", {}).items())]
    return {"info": schema.get("info", {}), "groups": sorted(groups.items()), "components": components}


@lru_cache(maxsize=1)
def _cached_reference() -> dict:
    return reference(SchemaView.made_schema())  # the schema /api/schema/ serves, made once for both


@require_GET
def docs(request):
    return render(request, "api/docs.html", _cached_reference())
