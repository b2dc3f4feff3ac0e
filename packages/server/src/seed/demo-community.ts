// The people of the demo: users, their shops across Ugandan towns, what they say about products,
// the FAQ and the feedback page. Addresses use the reserved example domains; nobody real is named.

export interface UserSeed {
  name: string;
  gender: "male" | "female";
  /** Year-month-day. */
  dateOfBirth: string;
  verified?: boolean;
}

export const DEMO_USERS: readonly UserSeed[] = [
  { name: "Sarah Nakato", gender: "female", dateOfBirth: "1992-03-14", verified: true },
  { name: "John Okello", gender: "male", dateOfBirth: "1988-07-02", verified: true },
  { name: "Grace Atim", gender: "female", dateOfBirth: "1995-11-21" },
  { name: "Joseph Mukasa", gender: "male", dateOfBirth: "1985-01-30", verified: true },
  { name: "Esther Namubiru", gender: "female", dateOfBirth: "1990-05-09" },
  { name: "Brian Ssempijja", gender: "male", dateOfBirth: "1997-09-17" },
  { name: "Patience Akello", gender: "female", dateOfBirth: "1993-12-03", verified: true },
  { name: "Ivan Kato", gender: "male", dateOfBirth: "1999-04-25" },
  { name: "Doreen Nabirye", gender: "female", dateOfBirth: "1991-08-11" },
  { name: "Moses Odongo", gender: "male", dateOfBirth: "1983-02-19", verified: true },
  { name: "Florence Achieng", gender: "female", dateOfBirth: "1996-06-28" },
  { name: "Denis Tumusiime", gender: "male", dateOfBirth: "1989-10-06", verified: true },
  { name: "Agnes Nansubuga", gender: "female", dateOfBirth: "1994-01-15" },
  { name: "Robert Opio", gender: "male", dateOfBirth: "1987-03-22" },
  { name: "Harriet Kyomuhendo", gender: "female", dateOfBirth: "1998-07-30" },
  { name: "Emmanuel Wasswa", gender: "male", dateOfBirth: "1992-11-08" },
  { name: "Prossy Nalwoga", gender: "female", dateOfBirth: "2000-02-12" },
  { name: "Samuel Ochieng", gender: "male", dateOfBirth: "1986-05-27" },
  { name: "Juliet Ainembabazi", gender: "female", dateOfBirth: "1995-09-04" },
  { name: "Isaac Mugisha", gender: "male", dateOfBirth: "1990-12-19" },
  { name: "Rebecca Auma", gender: "female", dateOfBirth: "1997-04-01" },
  { name: "Paul Byaruhanga", gender: "male", dateOfBirth: "1984-08-24" },
  { name: "Mercy Atuhaire", gender: "female", dateOfBirth: "1999-10-16" },
  { name: "Godfrey Lubega", gender: "male", dateOfBirth: "1991-06-07" },
];

export interface ShopSeed {
  name: string;
  /** Index into DEMO_USERS. */
  owner: number;
  town: string;
  /** Area shown as the location name. */
  place: string;
  latitude: number;
  longitude: number;
  /** Category ids, in the order the shop lists them (1..3, spec §9). */
  categories: readonly number[];
  verified: boolean;
  bio: string;
}

export const DEMO_SHOPS: readonly ShopSeed[] = [
  {
    name: "Kikuubo Phone Hub",
    owner: 0,
    town: "Kampala",
    place: "Kikuubo Lane, Kampala",
    latitude: 0.3136,
    longitude: 32.5762,
    categories: [1, 2],
    verified: true,
    bio: "Genuine phones and accessories at Kikuubo prices since 2012. Every phone is tested in front of you and comes with a warranty.",
  },
  {
    name: "Ntinda Home Services",
    owner: 1,
    town: "Kampala",
    place: "Ntinda Trading Centre, Kampala",
    latitude: 0.354,
    longitude: 32.616,
    categories: [5],
    verified: true,
    bio: "Plumbers, electricians, cleaners, photographers and decorators you can trust, booked in one call. We serve Kampala and Wakiso.",
  },
  {
    name: "Entebbe Fresh Market",
    owner: 2,
    town: "Entebbe",
    place: "Kitoro Market, Entebbe",
    latitude: 0.0512,
    longitude: 32.4637,
    categories: [6],
    verified: false,
    bio: "Fresh fish from Lake Victoria, fruit and vegetables delivered to homes, hotels and restaurants in Entebbe and Kajjansi.",
  },
  {
    name: "Nile Fashion House",
    owner: 3,
    town: "Jinja",
    place: "Main Street, Jinja",
    latitude: 0.4244,
    longitude: 33.2042,
    categories: [3, 11],
    verified: true,
    bio: "Kitenge, gomesi and modern fashion for the whole family, with an in-house tailor for fittings and alterations.",
  },
  {
    name: "Ankole Agro Supplies",
    owner: 4,
    town: "Mbarara",
    place: "High Street, Mbarara",
    latitude: -0.6072,
    longitude: 30.6545,
    categories: [8, 6],
    verified: true,
    bio: "Seeds, feeds, fertilisers and farm tools for Ankole farmers, with free agronomy advice on WhatsApp.",
  },
  {
    name: "Gulu Boda Spares",
    owner: 5,
    town: "Gulu",
    place: "Awach Road, Gulu",
    latitude: 2.7724,
    longitude: 32.2881,
    categories: [9],
    verified: false,
    bio: "Spare parts, helmets and tyres for boda bodas and cars in Northern Uganda. Our mechanics fit what you buy.",
  },
  {
    name: "Elgon Hardware Centre",
    owner: 6,
    town: "Mbale",
    place: "Republic Street, Mbale",
    latitude: 1.0757,
    longitude: 34.175,
    categories: [10],
    verified: true,
    bio: "Cement, iron sheets, paint and tools for builders in Eastern Uganda, delivered to your site by our own trucks.",
  },
  {
    name: "Rwenzori Beauty Lounge",
    owner: 7,
    town: "Fort Portal",
    place: "Lugard Road, Fort Portal",
    latitude: 0.671,
    longitude: 30.275,
    categories: [7, 5],
    verified: false,
    bio: "Hair, nails, makeup and beauty products in the heart of Fort Portal. Bridal packages and home visits on request.",
  },
  {
    name: "Masaka Home Essentials",
    owner: 8,
    town: "Masaka",
    place: "Elgin Street, Masaka",
    latitude: -0.3338,
    longitude: 31.7341,
    categories: [4, 2],
    verified: false,
    bio: "Everything for the home: cookware, gas, bedding, furniture and appliances at fair prices, delivered around Masaka.",
  },
  {
    name: "West Nile Bookshop",
    owner: 9,
    town: "Arua",
    place: "Avenue Road, Arua",
    latitude: 3.0201,
    longitude: 30.911,
    categories: [12, 11],
    verified: true,
    bio: "Textbooks, stationery and African literature for schools and readers in West Nile. School orders welcome.",
  },
  {
    name: "Lira Fix-It Centre",
    owner: 10,
    town: "Lira",
    place: "Obote Avenue, Lira",
    latitude: 2.2499,
    longitude: 32.8999,
    categories: [5, 10, 1],
    verified: false,
    bio: "Phone repairs, electrical and plumbing work, cleaning and lessons by skilled young technicians in Lira.",
  },
  {
    name: "Wakiso Kids Corner",
    owner: 11,
    town: "Wakiso",
    place: "Wakiso Town, Wakiso",
    latitude: 0.4044,
    longitude: 32.4594,
    categories: [11, 3],
    verified: false,
    bio: "Baby clothes, toys, diapers and school uniforms for happy children. Mothers shop with us from all over Wakiso.",
  },
  {
    name: "Mukono Sports Arena",
    owner: 12,
    town: "Mukono",
    place: "Jinja Road, Mukono",
    latitude: 0.3533,
    longitude: 32.7553,
    categories: [13, 3],
    verified: true,
    bio: "Balls, boots, jerseys, bicycles and gym equipment for players, schools and clubs in Mukono and beyond.",
  },
  {
    name: "Kampala Electronics Plaza",
    owner: 13,
    town: "Kampala",
    place: "Luwum Street, Kampala",
    latitude: 0.315,
    longitude: 32.579,
    categories: [2, 1, 4],
    verified: false,
    bio: "Televisions, laptops, solar systems and home appliances with genuine warranties, on Luwum Street since 2009.",
  },
];

/** Review texts of buyers: general enough to sit under any product. */
export const DEMO_COMMENTS: readonly string[] = [
  "Delivered the same day, exactly as pictured. Thank you!",
  "Good quality for the price. I will buy again.",
  "The seller was very responsive on chat and patient with my questions.",
  "I paid with mobile money on delivery, very convenient.",
  "Arrived in Gulu two days after ordering, well packed.",
  "It works very well, my family is happy.",
  "Original product, not a fake like in some shops downtown.",
  "A bit expensive but the quality is worth it.",
  "The boda rider called before arriving and was polite.",
  "Took three days to arrive but the item is good.",
  "Exactly what I needed. Recommended!",
  "Bought two, one for my mother in Masaka. Both are fine.",
  "Fair price compared to Kikuubo.",
  "Customer care is excellent, they exchanged the size for me.",
  "Very good, but the packaging could be better.",
  "Webale nyo! Great service.",
  "Apwoyo matek, I am satisfied.",
  "I was worried buying online but this shop is trustworthy.",
  "The quality is okay for the price.",
  "Still working well after two months of use.",
  "They delivered to my office in Nakasero within two hours.",
  "Colour is a little different from the photo, but I like it.",
  "Third time buying from this shop. Always reliable.",
  "Great value, my neighbours are asking where I bought it.",
];

/** Services get comments about the work done. */
export const DEMO_SERVICE_COMMENTS: readonly string[] = [
  "The technician came on time and fixed everything in one visit.",
  "Professional work and a fair price. I have saved their number.",
  "They cleaned up after finishing the work, very respectful.",
  "Booked in the morning and they came the same afternoon.",
  "Good job, though they arrived a bit late because of the jam.",
  "Highly recommended, everyone at the function loved it.",
];

export interface FaqSeed {
  question: string;
  answer: string;
}

export const DEMO_FAQS: readonly FaqSeed[] = [
  {
    question: "How do I buy a product on Katale?",
    answer:
      "Open the product, then use the Chat button to talk to the shop: agree on the price, the quantity and where to deliver. The shop confirms your order in the chat.",
  },
  {
    question: "Do you deliver outside Kampala?",
    answer:
      "Most shops deliver in their own town by boda boda the same day. Many also send upcountry by bus or courier; the shop tells you the delivery fee in the chat before you pay.",
  },
  {
    question: "Can I pay on delivery?",
    answer:
      "Yes. Most shops accept cash on delivery in their town. For deliveries upcountry, shops usually ask for payment by MTN Mobile Money or Airtel Money before sending.",
  },
  {
    question: "Which mobile money networks can I use?",
    answer:
      "Shops on Katale accept MTN Mobile Money and Airtel Money. Always pay to the number shown on the shop's page and keep the transaction message until you receive your item.",
  },
  {
    question: "What if the item is damaged or not what I ordered?",
    answer:
      "Refuse the item at delivery, or contact the shop in the chat within 48 hours. Shops exchange or refund items that are faulty or different from the description.",
  },
  {
    question: "What does the Verified badge on a shop mean?",
    answer:
      "The shop has shown us its trading location and the owner's national ID, and our team has checked them. Verified shops are a safer choice, especially for expensive items.",
  },
  {
    question: "How do I start selling on Katale?",
    answer:
      "Create an account, confirm your email, then open My account and create a shop with its name, location and up to three categories. You can add products and services right away; listing is free.",
  },
  {
    question: "How do I get my shop verified?",
    answer:
      "From your shop's page, choose Request verification and send a photo of your shop, its location and a contact. Our team answers within a few working days.",
  },
  {
    question: "Can I offer services instead of products?",
    answer:
      "Yes. Plumbers, electricians, salons, tailors, photographers and other providers list their work under Services, with a price per visit, session or package.",
  },
  {
    question: "How do ratings and reviews work?",
    answer:
      "Signed-in users can rate a product from 0 to 5 stars and leave a comment with photos. The average rating is shown on every product card so buyers can compare.",
  },
  {
    question: "Is my personal information safe?",
    answer:
      "We never show your national ID or verification photos publicly, and we never sell your data. Shops only see what you share in the chat.",
  },
];

export interface FeedbackSeed {
  name: string;
  email: string;
  message: string;
  /** Stored 0–10 (half stars doubled). */
  stars: number;
}

export const DEMO_FEEDBACK: readonly FeedbackSeed[] = [
  {
    name: "Sarah N.",
    email: "sarah.n@example.com",
    message: "I found a plumber in Ntinda within minutes. Katale makes life easy!",
    stars: 10,
  },
  {
    name: "Okello J.",
    email: "okello.j@example.com",
    message: "Good prices on phones. Please add more shops in Gulu.",
    stars: 8,
  },
  {
    name: "Grace A.",
    email: "grace.a@example.com",
    message: "The site works well on my phone even with slow internet.",
    stars: 9,
  },
  {
    name: "Mukasa Joseph",
    email: "joseph.m@example.com",
    message: "Chatting with the shop before paying gave me confidence. Well done.",
    stars: 10,
  },
  {
    name: "Esther",
    email: "esther.nam@example.com",
    message: "I would like to pay with mobile money directly on the site.",
    stars: 7,
  },
  {
    name: "Brian S.",
    email: "brian.s@example.com",
    message: "Delivery to Entebbe took longer than promised, but the shop apologised.",
    stars: 6,
  },
  {
    name: "Patience",
    email: "patience.ak@example.com",
    message: "Very nice kitenge selection. The photos are clear.",
    stars: 9,
  },
  {
    name: "Ivan K.",
    email: "ivan.k@example.com",
    message: "Search found exactly the boda parts I needed.",
    stars: 8,
  },
  {
    name: "Doreen",
    email: "doreen.n@example.com",
    message: "Please add a way to compare prices between shops.",
    stars: 7,
  },
  {
    name: "Moses O.",
    email: "moses.o@example.com",
    message: "Great for farmers, I bought chicks and feeds from Mbarara.",
    stars: 10,
  },
  {
    name: "Anonymous",
    email: "buyer@example.com",
    message: "One shop never answered my chat. Otherwise good.",
    stars: 5,
  },
  {
    name: "Florence A.",
    email: "florence.a@example.com",
    message: "Simple and clean. I like the verified badges.",
    stars: 9,
  },
];
