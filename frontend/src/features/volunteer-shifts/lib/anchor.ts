/** The id of the event page's "Volunteer shifts" section (the panel's 'Volunteer for Event' leads there). */
export const VOLUNTEER_SHIFTS_ID = 'volunteer-shifts';
