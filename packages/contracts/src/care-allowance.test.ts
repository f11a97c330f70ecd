import { describe, expect, it } from 'vitest';
import {
  basicNeedQuestionName,
  basicNeeds,
  careAllowanceDegrees,
  estimateCareAllowance,
} from './care-allowance.ts';

/** The first `unmanaged` needs answered "needs help", the next `managed` "alone", the rest unanswered. */
function answers(unmanaged: number, managed = basicNeeds.length - unmanaged) {
  return Object.fromEntries(
    basicNeeds
      .slice(0, unmanaged + managed)
      .map((need, index) => [basicNeedQuestionName(need), index < unmanaged ? 'needs-help' : 'alone']),
  );
}

describe('estimateCareAllowance', () => {
  it.each([
    [0, null, null],
    [2, null, null],
    [3, 1, 880],
    [4, 1, 880],
    [5, 2, 4_400],
    [6, 2, 4_400],
    [7, 3, 12_800],
    [8, 3, 12_800],
    [9, 4, 19_200],
    [10, 4, 19_200],
  ])('counts %i unmanaged needs as degree %s, %s CZK a month', (unmanaged, degree, amount) => {
    expect(estimateCareAllowance(answers(unmanaged))).toEqual({
      unmanagedNeeds: basicNeeds.slice(0, unmanaged),
      unansweredNeeds: [],
      degree,
      monthlyAmountCzk: amount,
    });
  });

  it('counts a need managed with difficulty or an aid as managed', () => {
    const withDifficulty = Object.fromEntries(
      basicNeeds.map((need) => [basicNeedQuestionName(need), 'with-difficulty']),
    );
    expect(estimateCareAllowance(withDifficulty)).toMatchObject({ unmanagedNeeds: [], degree: null });
  });

  it('lists the needs not answered yet, so the estimate is known to be partial', () => {
    expect(estimateCareAllowance({})).toEqual({
      unmanagedNeeds: [],
      unansweredNeeds: [...basicNeeds],
      degree: null,
      monthlyAmountCzk: null,
    });
    expect(estimateCareAllowance(answers(3, 2))).toMatchObject({
      degree: 1,
      unansweredNeeds: basicNeeds.slice(5),
    });
  });

  it('ignores answers to other questions', () => {
    expect(
      estimateCareAllowance({ mobility: 'needs-help', 'need-unknown': 'needs-help' }).unmanagedNeeds,
    ).toEqual([]);
  });

  it('names the ten basic needs of the law, and degrees I–IV from three, five, seven and nine needs', () => {
    expect(basicNeeds).toHaveLength(10);
    expect(basicNeeds.map(basicNeedQuestionName)).toContain('need-personal-activities');
    expect(careAllowanceDegrees.map((degree) => [degree.degree, degree.minUnmanagedNeeds])).toEqual([
      [1, 3],
      [2, 5],
      [3, 7],
      [4, 9],
    ]);
  });
});
