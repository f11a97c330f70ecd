import { expect, type Locator, type Page } from '@playwright/test';
import { textField } from './identity.ts';

/** A questionnaire's question, by the start of its title (its group's accessible name). */
export function question(page: Page, title: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
}

/** Answers a single-choice question as a person does: the radio with the answer's words. */
export async function choose(page: Page, title: string, option: string): Promise<void> {
  await question(page, title).getByRole('radio', { name: option, exact: true }).check();
}

export type ClientDetails = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  relationship?: string;
  /** A provider enters its own client: neither "I am the client" nor a relationship is asked. */
  enteredByProvider?: boolean;
  search: string;
  place: RegExp;
  street?: string;
  /** Choose the first suggestion with the keyboard instead of the mouse. */
  keyboard?: boolean;
};

/** Fills the client form as a person does: by labels, choosing the town from the suggestions. */
export async function fillClientForm(page: Page, client: ClientDetails): Promise<void> {
  if (client.enteredByProvider) {
    await expect(page.getByRole('switch', { name: 'Klientem jsem já' })).toHaveCount(0);
  } else if (client.relationship) {
    await page.getByRole('combobox', { name: 'Váš vztah ke klientovi' }).selectOption({
      label: client.relationship,
    });
  } else {
    await page.getByRole('switch', { name: 'Klientem jsem já' }).check();
    await expect(page.getByRole('combobox', { name: 'Váš vztah ke klientovi' })).toBeHidden();
  }
  await textField(page, 'Jméno').fill(client.firstName);
  await textField(page, 'Příjmení').fill(client.lastName);
  await page.getByLabel('Datum narození').fill(client.dateOfBirth);
  await page.getByRole('radio', { name: 'Žena' }).check();

  const residence = page.getByRole('combobox', { name: 'Trvalé bydliště' });
  await residence.fill(client.search);
  if (client.keyboard) {
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAccessibleName(client.place);
    await residence.press('ArrowDown');
    await residence.press('ArrowUp');
    await residence.press('Enter');
  } else {
    // Scrolled to first, then clicked once it is in view: the dropdown follows a scroll a frame later,
    // and a click aimed while it moved landed on the form beneath, which closed it (seen once on CI).
    const option = page.getByRole('option', { name: client.place });
    await option.scrollIntoViewIfNeeded();
    await expect(option).toBeInViewport();
    await option.click();
  }
  // The chosen place is shown read-only, with a way to change it; the street follows.
  await expect(page.getByRole('group', { name: 'Trvalé bydliště' })).toContainText('okres');
  await expect(textField(page, 'Ulice a číslo domu')).toBeFocused();
  if (client.street) await textField(page, 'Ulice a číslo domu').fill(client.street);
}
