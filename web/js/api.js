// The HTTP half of the serve protocol (docs/protocol.md).

/** An error answered by the server, with its protocol code. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** One request to the server: the answer's JSON, or an `ApiError`. */
export async function call(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    throw new ApiError("network", String(e.message || e), 0);
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(
      (data && data.error) || `http_${res.status}`,
      (data && data.message) || text || `HTTP ${res.status}`,
      res.status,
    );
  }
  return data;
}

/** Creates a table; answers the creator's join answer. */
export function createTable(request) {
  return call("POST", "/api/tables", request);
}

/** Takes a seat at a table. */
export function joinTable(code, name, seat) {
  const body = { name };
  if (seat !== undefined && seat !== null) body.seat = seat;
  return call("POST", `/api/tables/${encodeURIComponent(code)}/join`, body);
}

/** The table summary. */
export function tableSummary(code) {
  return call("GET", `/api/tables/${encodeURIComponent(code)}`);
}

/** The record of a finished match. */
export function tableRecord(code) {
  return call("GET", `/api/tables/${encodeURIComponent(code)}/record`);
}
