// A club's integration in TypeScript: types generated from the served schema by openapi-typescript
// (`npx openapi-typescript http://127.0.0.1:8000/api/schema/?format=json -o schema.d.ts`), requests
// made with openapi-fetch. tests/api_clients/test_generated_clients.py generates schema.d.ts from the
// test server's schema and checks this file with `tsc --noEmit`: a field renamed, a type changed or
// a status left undocumented in the schema fails it.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type Sheet = components["schemas"]["Sheet"];
type ApiError = components["schemas"]["Error"];

/** The message of a refusal: `detail`, or the first message of the first field named. */
export function message(error: ApiError): string {
  if (error.detail) return error.detail;
  const [field, messages] = Object.entries(error).find(([, value]) => Array.isArray(value)) ?? [];
  return field ? `${field}: ${(messages as string[]).join("; ")}` : "refused";
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const api = createClient<paths>({ baseUrl });
  const { data, error, response } = await api.POST("/api/auth/token/", { body: { username, password } });
  if (response.status === 429) throw new Error(`locked until ${error?.retry_after}`);
  if (error) throw new Error(message(error));
  return data.token;
}

export async function postNight(baseUrl: string, token: string, club: number, players: number[]): Promise<void> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Token ${token}` } });
  const created = await api.POST("/api/events/", {
    body: {
      club,
      name: "Friday night",
      date: "2026-03-06",
      type: "progressive-pairs",
      games: 2,
      tables: 2,
      idempotency_key: crypto.randomUUID(),
    },
  });
  if (!created.data) throw new Error(message(created.error));
  const event = created.data.id;
  await api.POST("/api/events/{id}/draw-partnerships/", { params: { path: { id: event } }, body: { players } });
  await api.POST("/api/events/{id}/seat/", { params: { path: { id: event } } });
  await api.POST("/api/events/{id}/start/", { params: { path: { id: event } } });

  const tables = (await api.GET("/api/tables/", { params: { query: { event } } })).data?.results ?? [];
  const games = (await api.GET("/api/rounds/", { params: { query: { event } } })).data?.results ?? [];
  const sheet: Sheet = {
    calypsos: { S: 1, H: 0, D: 2, C: 0 },
    unfinished: { S: 5, H: 7, D: 3, C: 9 },
    trick_piles: { majors: 60, minors: 85 },
    revokes: { S: 0, H: 0, D: 0, C: 0 },
  };
  for (const game of games) {
    for (const table of tables) {
      const { data, error, response } = await api.POST("/api/results/", {
        body: { table: table.id, round: game.id, sheet, idempotency_key: crypto.randomUUID() },
      });
      if (response.status === 400 || response.status === 409) throw new Error(message(error as ApiError));
      if (data) console.log(`game ${data.round_number}, table ${data.table_number}: net ${data.net}`);
    }
  }
  const finished = await api.POST("/api/events/{id}/finish/", { params: { path: { id: event } }, body: { force: true } });
  if (finished.error) throw new Error(message(finished.error));
  await api.PATCH("/api/events/{id}/", { params: { path: { id: event } }, body: { standings_released: true } });

  const standings = await api.GET("/api/events/{id}/standings/", { params: { path: { id: event } } });
  for (const ranked of standings.data?.lists ?? []) {
    const heading: string = ranked.heading || "Standings";
    for (const row of ranked.standings) console.log(heading, row.rank, row.names, row.total ?? "", row.percentage ?? "");
  }

  const job = await api.POST("/api/print-jobs/", { body: { event, kind: "results", paper: "letter" } });
  if (job.data) {
    const pdf = await api.GET("/api/print-jobs/{id}/download/", {
      params: { path: { id: job.data.id } },
      parseAs: "blob",
    });
    const bytes: Blob | undefined = pdf.data;
    console.log(`results PDF: ${bytes?.size ?? 0} bytes`);
  }
}
