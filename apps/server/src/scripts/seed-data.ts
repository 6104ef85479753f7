/** Word lists for realistic seed data: Indian names, localities with their PIN codes. */
export const FIRST_NAMES = ['Aarav', 'Ananya', 'Arjun', 'Diya', 'Ishaan', 'Kavya', 'Rohan', 'Saanvi', 'Vihaan', 'Meera', 'Aditya', 'Priya', 'Rahul', 'Sneha', 'Karthik', 'Lakshmi', 'Imran', 'Fatima', 'Joseph', 'Mary', 'Gurpreet', 'Harpreet', 'Suresh', 'Anita', 'Manoj', 'Deepa', 'Ravi', 'Sunita', 'Vikram', 'Pooja', 'Arun', 'Nisha', 'Sanjay', 'Rekha', 'Farhan', 'Zoya', 'Tenzin', 'Ayesha', 'Naveen', 'Shalini'];
export const LAST_NAMES = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Patel', 'Khan', 'Singh', 'Das', 'Gupta', 'Menon', 'Rao', 'Pillai', 'Mukherjee', 'Banerjee', 'Fernandes', 'DSouza', 'Kulkarni', 'Deshpande', 'Joshi', 'Chauhan', 'Verma', 'Shetty', 'Hegde', 'Naidu', 'Bhat', 'Sheikh', 'Ansari', 'Gill', 'Sandhu', 'Bose'];

/** [locality, city, first PIN code of the area] */
export const LOCALITIES: ReadonlyArray<readonly [string, string, number]> = [
  ['Indiranagar', 'Bengaluru', 560038], ['Koramangala', 'Bengaluru', 560034], ['Jayanagar', 'Bengaluru', 560041], ['Whitefield', 'Bengaluru', 560066],
  ['Malleshwaram', 'Bengaluru', 560003], ['Andheri West', 'Mumbai', 400053], ['Bandra', 'Mumbai', 400050], ['Dadar', 'Mumbai', 400014],
  ['Powai', 'Mumbai', 400076], ['Kothrud', 'Pune', 411038], ['Aundh', 'Pune', 411007], ['Hadapsar', 'Pune', 411028], ['Adyar', 'Chennai', 600020],
  ['T. Nagar', 'Chennai', 600017], ['Velachery', 'Chennai', 600042], ['Banjara Hills', 'Hyderabad', 500034], ['Gachibowli', 'Hyderabad', 500032],
  ['Salt Lake', 'Kolkata', 700091], ['Park Street', 'Kolkata', 700016], ['Lajpat Nagar', 'New Delhi', 110024], ['Dwarka', 'New Delhi', 110075],
  ['Vasant Kunj', 'New Delhi', 110070], ['Sector 17', 'Chandigarh', 160017], ['Navrangpura', 'Ahmedabad', 380009], ['Vyttila', 'Kochi', 682019],
  ['Panaji', 'Goa', 403001], ['Civil Lines', 'Jaipur', 302006], ['Gomti Nagar', 'Lucknow', 226010], ['Kankarbagh', 'Patna', 800020], ['Ashok Nagar', 'Bhopal', 462023],
];
export const LANDMARKS = ['near the bus stop', 'opposite the temple', 'behind the market', 'next to the petrol pump', 'near the school gate', 'by the metro pillar', 'outside the hospital', 'near the park entrance', 'by the water tank', 'opposite the mosque', 'near the church', 'at the tea stall'];
export const COLOURS = ['brown', 'black', 'white', 'tan', 'black and white', 'brindle', 'grey', 'ginger'];
export const MARKINGS = ['ear notch', 'white patch on chest', 'limps on left hind leg', 'collar mark', 'scar on snout', 'none'];
export const REASONS = ['hit by a vehicle', 'skin infection', 'sterilisation drive', 'maggot wound', 'weak and dehydrated', 'vaccination camp', 'injured paw', 'pregnant and unwell'];
export const NGO_NAMES = ['Green Paws Trust', 'Blue Cross Unit', 'Karuna Animal Shelter', 'Street Tails Foundation', 'Friendicoes Rescue', 'People for Animals Ward', 'Compassion Unlimited', 'Stray Care Society', 'Animal Aid Collective', 'Whiskers and Wags'];

/** Status, type and mortality in plausible proportions (weights out of 100). */
export const STATUS_WEIGHTS: ReadonlyArray<readonly [string, number]> = [['Released', 58], ['Reported', 10], ['Admitted', 10], ['Post Operation', 10], ['Blood Test', 6], ['Operation', 6]];
export const TYPE_WEIGHTS: ReadonlyArray<readonly [string, number]> = [['Sterilization', 55], ['OPD', 20], ['IPD', 15], ['Vaccination', 10]];
export const MORTALITY_WEIGHTS: ReadonlyArray<readonly [string, number]> = [['Healthy', 85], ['Unhealthy', 12], ['Fatal', 3]];

/** ABC programme data: [ward/zone, locality, PIN code, latitude, longitude of its centre] in Bengaluru. */
export const WARDS: ReadonlyArray<readonly [string, string, number, number, number]> = [
  ['Indiranagar Ward', 'Indiranagar', 560038, 12.9784, 77.6408],
  ['Koramangala Ward', 'Koramangala', 560034, 12.9352, 77.6245],
  ['Jayanagar Ward', 'Jayanagar', 560041, 12.925, 77.5938],
  ['Malleshwaram Ward', 'Malleshwaram', 560003, 13.0035, 77.5709],
  ['Whitefield Ward', 'Whitefield', 560066, 12.9698, 77.75],
  ['Bellandur Ward', 'Bellandur', 560103, 12.9304, 77.6784],
  ['HSR Layout Ward', 'HSR Layout', 560102, 12.9116, 77.6389],
  ['Yelahanka Zone', 'Yelahanka', 560064, 13.1007, 77.5963],
];
/** Anti-rabies vaccines used in ABC programmes, with a batch prefix. */
export const VACCINES: ReadonlyArray<readonly [string, string]> = [
  ['Raksharab', 'RKR'],
  ['Nobivac Rabies', 'NBR'],
  ['Rabisin', 'RBS'],
  ['Defensor 3', 'DF3'],
];
export const UNFIT_NOTES: Readonly<Record<string, string>> = {
  Lactating: 'Nursing a litter near the capture spot; released back to the pups, to be caught after weaning.',
  Pregnant: 'Advanced pregnancy on palpation; not operated.',
  Sick: 'Fever and nasal discharge; treated and held back from surgery.',
  Injured: 'Deep wound on the hind leg; surgery deferred until it heals.',
  'Too young': 'Under six months by dentition.',
};
export const DEATH_CAUSES = ['Anaesthetic complication', 'Post-operative haemorrhage', 'Canine distemper', 'Parvovirus infection', 'Wound infection and sepsis', 'Injuries from a road accident before admission'];
export const POST_MORTEM_NOTES = [
  'Post-mortem by the project vet: findings consistent with the stated cause; report filed with the monitoring committee.',
  'No post-mortem lesions beyond the surgical site; tissue samples kept.',
  'Body handed to the municipal carcass disposal unit after the post-mortem.',
];
export const OVERRIDE_REASONS = [
  'Capture lane dug up for drainage work; released at the nearest safe lane of the same ward.',
  'Capture point was a busy junction; released in the adjoining residential street as the ward officer advised.',
  'Original spot now fenced by a construction site; released near the feeder who looks after the pack.',
];
