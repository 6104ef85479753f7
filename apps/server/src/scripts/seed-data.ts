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
