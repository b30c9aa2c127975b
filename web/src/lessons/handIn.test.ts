import { describe, expect, it } from 'vitest';
import { buildRecord, handInFileName, recordCsv, xapiStatements } from './handIn';
import type { Lesson } from './lessonTypes';

const lesson: Lesson = {
  id: 'demo',
  title: 'A demo',
  summary: '',
  topics: [],
  steps: [
    { title: 'Watch', scenario: { preset: 'p' }, text: '' },
    {
      title: 'Guess, then run',
      scenario: { preset: 'p' },
      text: '',
      predict: { question: 'Busier?', options: ['yes', 'no, "less"'], answer: 1, reveal: '' },
    },
    {
      title: 'Again',
      scenario: { preset: 'p' },
      text: '',
      predict: { question: 'And now?', options: ['=1+1', 'b'], answer: 0, reveal: '' },
    },
  ],
};
const measured = [{ ok: true, text: 'The link was 85.4% busy, between 70% and 90%.' }];
const rec = buildRecord(
  lesson,
  { '2': 0, '3': 0 },
  { '2': { measured, link: 'https://x/#v=1&step=2', at: '2026-11-28T10:00:00.000Z' } },
  '  Ada Lovelace ',
  'https://x/#lesson=demo',
  new Date('2026-11-28T11:00:00Z'),
);

describe('a lesson hand-in', () => {
  it('records each step: the prediction, what the run showed, its measures and link', () => {
    expect(rec.student).toBe('Ada Lovelace');
    expect(rec.steps[0]).toEqual({ step: 1, title: 'Watch' });
    expect(rec.steps[1]).toEqual({
      step: 2,
      title: 'Guess, then run',
      question: 'Busier?',
      options: ['yes', 'no, "less"'],
      predicted: 'yes',
      shown: 'no, "less"',
      correct: false,
      measured,
      link: 'https://x/#v=1&step=2',
      at: '2026-11-28T10:00:00.000Z',
    });
    expect(rec.steps[2]!.correct).toBe(true);
    expect(rec.steps[2]!.measured).toBeUndefined();
  });

  it('writes one CSV row per step, quoting commas and quotes and defusing formulas', () => {
    const lines = recordCsv(rec).split('\r\n');
    expect(lines[0]).toBe('lesson,student,step,title,question,predicted,run showed,correct,measured,link');
    expect(lines[1]).toBe('demo,Ada Lovelace,1,Watch,,,,,,');
    expect(lines[2]).toBe(
      'demo,Ada Lovelace,2,"Guess, then run",Busier?,yes,"no, ""less""",no,"The link was 85.4% busy, between 70% and 90%.",https://x/#v=1&step=2',
    );
    expect(lines[3]).toBe("demo,Ada Lovelace,3,Again,And now?,'=1+1,'=1+1,yes,,");
    expect(lines).toHaveLength(5); // header, three steps, the final line break
  });

  it('gives one xAPI "answered" statement per answered prediction', () => {
    const st = xapiStatements(rec, 'https://lab.example') as {
      actor: { account: { name: string; homePage: string } };
      verb: { id: string };
      object: { id: string; definition: { interactionType: string; correctResponsesPattern: string[] } };
      result: { response: string; success: boolean; extensions?: Record<string, string[]> };
      timestamp: string;
    }[];
    expect(st).toHaveLength(2);
    expect(st[0]!.actor.account).toEqual({ homePage: 'https://lab.example', name: 'Ada Lovelace' });
    expect(st[0]!.verb.id).toBe('http://adlnet.gov/expapi/verbs/answered');
    expect(st[0]!.object.id).toBe('https://lab.example/#lesson=demo&step=2');
    expect(st[0]!.object.definition.interactionType).toBe('choice');
    expect(st[0]!.object.definition.correctResponsesPattern).toEqual(['option-1']);
    expect(st[0]!.result).toEqual({
      response: 'option-0',
      success: false,
      extensions: { 'https://lab.example/xapi/measured': [measured[0]!.text] },
    });
    expect(st[0]!.timestamp).toBe('2026-11-28T10:00:00.000Z');
    expect(st[1]!.result.success).toBe(true);
    expect(st[1]!.timestamp).toBe(rec.created);
  });

  it('names the file after the lesson, the student and the day', () => {
    expect(handInFileName(rec, 'csv')).toBe('demo-Ada-Lovelace-2026-11-28.csv');
    expect(handInFileName({ ...rec, student: '' }, 'json')).toBe('demo-2026-11-28.json');
  });
});
