// The lessons the site offers (public/lessons/index.json, written with the guided lessons),
// for the embed builder. A site without lessons, or with an unreadable index, offers none.

export interface LessonInfo {
  id: string;
  title: string;
  summary: string;
  topics: string[];
}

export function parseLessonsIndex(json: unknown): LessonInfo[] {
  if (!Array.isArray(json)) return [];
  const out: LessonInfo[] = [];
  for (const x of json) {
    if (typeof x !== 'object' || x === null) continue;
    const r = x as Record<string, unknown>;
    if (typeof r.id !== 'string' || !/^[\w-]+$/.test(r.id) || typeof r.title !== 'string') continue;
    out.push({
      id: r.id,
      title: r.title,
      summary: typeof r.summary === 'string' ? r.summary : '',
      topics: Array.isArray(r.topics) ? r.topics.filter((t): t is string => typeof t === 'string') : [],
    });
  }
  return out;
}

export async function loadLessonsIndex(url = new URL('lessons/index.json', location.href).href): Promise<LessonInfo[]> {
  try {
    const res = await fetch(url);
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return [];
    return parseLessonsIndex(await res.json());
  } catch {
    return [];
  }
}
