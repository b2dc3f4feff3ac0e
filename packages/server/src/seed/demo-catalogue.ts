// The demo catalogue: categories, sub categories, filters and the products and services shops list,
// with typical Kampala prices in UGX. Category 5 is "Services" (spec §9): the promo grid, the
// services page and the service banner all read category 5.

import { SERVICES_CATEGORY_ID } from "@katale/domain";

/** Shapes the generated pictures draw for a category. */
export type ShapeName =
  | "phone"
  | "screen"
  | "shirt"
  | "pot"
  | "tools"
  | "basket"
  | "drop"
  | "leaf"
  | "wheel"
  | "house"
  | "star"
  | "book"
  | "ball";

/** [name, price in UGX, optional detail sentence]. */
export type ProductSeed = readonly [name: string, price: number, detail?: string];

export interface SubCategorySeed {
  name: string;
  /** One or two sentences every product of the sub category shares in its description. */
  blurb: string;
  products: readonly ProductSeed[];
  /** Filter name -> values (admin screens of spec §2). */
  filters?: Readonly<Record<string, readonly string[]>>;
  /** Names of the demo shops that offer this sub category (default: any shop of the category). */
  shops?: readonly string[];
}

export interface CategorySeed {
  id: number;
  name: string;
  colour: string;
  shape: ShapeName;
  subCategories: readonly SubCategorySeed[];
}

export const DEMO_CATEGORIES: readonly CategorySeed[] = [
  {
    id: 1,
    name: "Phones & Tablets",
    colour: "#1565c0",
    shape: "phone",
    subCategories: [
      {
        name: "Smartphones",
        blurb:
          "Brand new and sealed in the box, with a one year warranty, charger and free screen protector.",
        filters: {
          Brand: ["Tecno", "Infinix", "Samsung", "itel", "Apple", "Xiaomi"],
          Storage: ["64GB", "128GB", "256GB"],
        },
        products: [
          [
            "Tecno Spark 20 Pro 256GB",
            780_000,
            "8GB RAM, 108MP camera and a 5000mAh battery that lasts all day.",
          ],
          ["Infinix Hot 40i 128GB", 520_000, "Big 6.56 inch display and 18W fast charging."],
          ["Samsung Galaxy A15 128GB", 690_000, "Super AMOLED screen and four years of security updates."],
          ["itel A70 64GB", 330_000, "An affordable first smartphone with dual SIM and a long battery life."],
          ["Tecno Camon 30 256GB", 1_150_000, "50MP front camera for sharp selfies and 70W charging."],
          ["iPhone 13 128GB (UK used)", 2_100_000, "Clean UK used unit, battery health above 85%."],
          ["Xiaomi Redmi 13C 128GB", 560_000, "90Hz display and a 50MP main camera."],
        ],
      },
      {
        name: "Feature Phones",
        blurb: "Tough button phones with a strong battery, dual SIM slots and an FM radio, ideal upcountry.",
        products: [
          ["Nokia 105 (2023) dual SIM", 85_000],
          ["itel it2163 with FM radio", 55_000, "Wireless FM radio and a bright torch."],
          ["Tecno T301 torch phone", 60_000],
          ["Nokia 110 4G", 140_000, "4G calls and a camera for quick snaps."],
        ],
      },
      {
        name: "Tablets",
        blurb: "Tablets for school work, video calls and entertainment, with warranty and a protective case.",
        products: [
          ["Samsung Galaxy Tab A9 64GB", 780_000],
          ["Lenovo Tab M10 (3rd Gen) 32GB", 620_000],
          [
            "Modio kids tablet 7 inch",
            230_000,
            "Preloaded learning apps and a rubber bumper case for children.",
          ],
          ["iPad 9th Gen 64GB Wi-Fi", 1_450_000],
        ],
      },
      {
        name: "Phone Accessories",
        blurb: "Genuine accessories that fit the popular Tecno, Infinix, Samsung and iPhone models.",
        products: [
          ["Oraimo FreePods Lite earbuds", 89_000, "Up to 40 hours of playtime with the charging case."],
          ["Tempered glass screen protector", 10_000, "Fitted for free at our stall."],
          ["Silicone phone cover (assorted)", 15_000],
          ["Oraimo 2m Type-C charging cable", 18_000],
          [
            "Phone holder for boda boda",
            35_000,
            "Clamps firmly to the handlebar so riders can follow the map.",
          ],
        ],
      },
      {
        name: "Power Banks & Chargers",
        blurb: "Keep your phone alive during load shedding and long journeys with reliable power.",
        products: [
          ["Oraimo 20000mAh power bank", 95_000],
          ["Oraimo 27000mAh Traveller power bank", 135_000, "Charges three devices at once."],
          ["Anker 20W fast charger", 65_000],
          ["Solar phone charger panel 10W", 75_000, "Charges a phone in the sun, no electricity needed."],
          ["Car charger dual USB", 25_000],
        ],
      },
    ],
  },
  {
    id: 2,
    name: "Electronics",
    colour: "#6a1b9a",
    shape: "screen",
    subCategories: [
      {
        name: "Televisions",
        blurb:
          "Televisions with warranty, free delivery within Kampala and help with setting up your channels.",
        filters: { "Screen size": ['24"', '32"', '43"', '55"'], Type: ["Smart", "Digital"] },
        products: [
          ['Hisense 43" Smart TV (A4 series)', 1_250_000, "Netflix and YouTube built in."],
          ['TCL 32" Android TV', 780_000],
          ['Samsung 55" Crystal UHD 4K TV', 2_650_000],
          [
            'Vitron 24" digital TV with free-to-air decoder',
            380_000,
            "Watch local channels without a subscription.",
          ],
          ['Wall bracket for 32–55" TV', 45_000, "Installation in Kampala at a small extra fee."],
        ],
      },
      {
        name: "Audio & Speakers",
        blurb: "Loud, clear sound for the home, the shop or the next party, tested before you pay.",
        products: [
          ["Sayona 3.1 subwoofer home theatre", 320_000],
          ["JBL Flip 6 Bluetooth speaker", 480_000, "Waterproof and good for twelve hours of music."],
          ["Bluetooth FM radio (rechargeable)", 45_000],
          ["Nasco sound system 2.1", 210_000],
          ["Wireless microphone pair", 150_000, "Popular with churches, schools and event MCs."],
        ],
      },
      {
        name: "Laptops & Computers",
        blurb: "Laptops and desktops for students and offices, with Windows and Office installed and tested.",
        filters: { RAM: ["4GB", "8GB", "16GB"], Condition: ["New", "Refurbished", "Ex-UK"] },
        products: [
          ["HP 250 G9 Core i5 8GB/512GB SSD", 2_450_000],
          [
            "Lenovo ThinkPad T480 (refurbished) Core i5",
            1_350_000,
            "Strong keyboard and a battery that lasts a lecture day.",
          ],
          ["Dell Latitude 5490 (ex-UK)", 1_200_000],
          ['Dell 24" monitor', 580_000],
          ["Logitech wireless keyboard and mouse", 95_000],
        ],
      },
      {
        name: "Solar & Power",
        blurb: "Solar and backup power for homes, shops and farms, sized to your needs by our technicians.",
        products: [
          ["200W solar panel (monocrystalline)", 420_000],
          ["100Ah deep cycle solar battery", 750_000],
          ["1000VA inverter", 380_000],
          ["Solar home lighting kit (4 bulbs)", 165_000, "Four bulbs, a phone charging port and a radio."],
          ["Voltage stabiliser 1000VA", 120_000, "Protects your fridge and TV from power surges."],
        ],
      },
      {
        name: "Decoders & Pay TV",
        blurb: "Pay TV decoders with free installation and the first month of the bouquet you choose.",
        products: [
          ["DStv HD decoder with dish and installation", 250_000],
          ["GOtv Supa decoder", 129_000],
          ["StarTimes DTT decoder", 85_000],
          ["Azam TV decoder kit", 150_000],
        ],
      },
    ],
  },
  {
    id: 3,
    name: "Fashion",
    colour: "#ad1457",
    shape: "shirt",
    subCategories: [
      {
        name: "Men's Clothing",
        blurb: "Smart and casual wear for men in all sizes, with free adjustments by our tailor.",
        products: [
          ["Men's kanzu (white, embroidered)", 85_000, "Perfect for introductions and Sunday service."],
          ["Slim fit long-sleeve shirt", 45_000],
          ["Men's suit two-piece (navy)", 350_000],
          ["Denim jeans (straight cut)", 60_000],
          ["African print shirt (short sleeve)", 55_000],
        ],
      },
      {
        name: "Women's Clothing",
        blurb: "Elegant outfits for work, church, weddings and every day, in sizes 8 to 22.",
        products: [
          ["Gomesi (busuuti) with sash", 180_000, "Silk finish, sewn for kwanjula and weddings."],
          ["Kitenge maxi dress", 95_000],
          ["Ladies' office skirt suit", 150_000],
          ["Chiffon blouse", 40_000],
          ["Ladies' denim jacket", 75_000],
        ],
      },
      {
        name: "African Fabrics",
        blurb: "Bright African fabrics sold by the piece, ready for your tailor to make something special.",
        filters: { Fabric: ["Kitenge", "Ankara", "Lace", "Bark cloth"] },
        products: [
          ["Kitenge fabric 6 yards", 45_000, "Cotton wax print in bold colours that do not fade."],
          ["Ankara wax print 6 yards (Holland)", 85_000],
          ["Bark cloth (lubugo) piece", 60_000, "Traditional Buganda bark cloth, handmade in Masaka."],
          ["Kikoi cotton wrap", 35_000],
          ["Lace fabric 5 yards", 120_000],
        ],
      },
      {
        name: "Shoes",
        blurb: "Comfortable shoes for men, women and children in sizes 36 to 46.",
        filters: { Size: ["38", "39", "40", "41", "42", "43", "44", "45"] },
        products: [
          ["Men's leather Oxford shoes", 150_000],
          ["Ladies' block heel sandals", 70_000],
          ["Canvas sneakers (unisex)", 55_000],
          ["Akala sandals (tyre sandals)", 15_000, "Made from recycled tyres, they last for years."],
          ["Gumboots (black, knee high)", 40_000],
        ],
      },
      {
        name: "Bags & Accessories",
        blurb: "Bags, belts and jewellery to finish every outfit, many of them made by local artisans.",
        products: [
          ["Leather handbag (brown)", 120_000],
          ["School backpack (waterproof)", 60_000],
          ["Beaded necklace and earrings set", 35_000, "Handmade paper and glass beads from Jinja."],
          ["Men's leather belt", 30_000],
          ["Sisal woven basket bag", 45_000],
        ],
      },
    ],
  },
  {
    id: 4,
    name: "Home & Kitchen",
    colour: "#ef6c00",
    shape: "pot",
    subCategories: [
      {
        name: "Cookware",
        blurb: "Strong cookware for everyday Ugandan cooking, from posho and beans to chapati.",
        products: [
          ["Non-stick saucepan set (5 pieces)", 150_000],
          ["Aluminium sufuria set (sizes 1–6)", 95_000],
          ["Pressure cooker 7 litre", 165_000, "Cooks beans in a third of the time and saves gas."],
          ["Chapati pan (tawa) 30cm", 25_000],
          ["Wooden mingling stick set", 10_000, "For posho and kalo, made from hard wood."],
        ],
      },
      {
        name: "Gas & Stoves",
        blurb: "Cooking gas, burners and stoves with safety checks and delivery to your door.",
        products: [
          [
            "Rolex stand gas burner (double)",
            180_000,
            "Heavy steel stand built for rolex and chapati vendors.",
          ],
          ["Shell Gas 12.5kg cylinder with burner", 320_000],
          ["Total 6kg gas cylinder refill", 65_000],
          ["Two-plate electric cooker", 140_000],
          ["Energy-saving charcoal stove (large)", 60_000, "Uses half the charcoal of an ordinary sigiri."],
        ],
      },
      {
        name: "Furniture",
        blurb:
          "Furniture made by carpenters in Kampala and Masaka from seasoned hard wood, delivered and assembled.",
        products: [
          ["Three-seater sofa (fabric)", 1_450_000],
          ["Mahogany dining table with 6 chairs", 2_200_000],
          ["Plastic chairs (set of 4)", 100_000],
          ["Wooden wardrobe 3-door", 850_000],
          ["Office desk with drawers", 420_000],
        ],
      },
      {
        name: "Bedding & Mosquito Nets",
        blurb: "Sleep well with quality bedding and nets that keep mosquitoes and malaria away.",
        products: [
          ["Treated mosquito net (queen size)", 30_000, "Long-lasting insecticide treated net."],
          ["Cotton bedsheets set 5x6", 85_000],
          ["Heavy blanket (double)", 70_000],
          ["Foam mattress 5x6 (8 inch)", 420_000],
          ["Fibre pillows (pair)", 40_000],
        ],
      },
      {
        name: "Kitchen Appliances",
        blurb: "Kitchen appliances with a warranty, tested in front of you before delivery.",
        products: [
          ["Blender 1.5L (Nasco)", 130_000],
          ["Electric kettle 1.8L", 55_000],
          ["Microwave oven 20L", 390_000],
          ["Water dispenser (hot & cold)", 450_000],
          ["Deep freezer 200L", 1_350_000, "Ideal for shops selling cold drinks, fish and meat."],
        ],
      },
    ],
  },
  {
    id: SERVICES_CATEGORY_ID,
    name: "Services",
    colour: "#00897b",
    shape: "tools",
    subCategories: [
      {
        name: "Plumbing",
        blurb: "Experienced plumbers who come to your home or business with their own tools.",
        shops: ["Ntinda Home Services", "Lira Fix-It Centre"],
        products: [
          ["Home plumbing repair (per visit)", 50_000, "Leaking taps, pipes and tanks fixed in one visit."],
          ["Water tank installation (up to 5,000 L)", 250_000],
          ["Blocked drain and toilet unblocking", 70_000],
          ["Bathroom fittings installation", 150_000],
        ],
      },
      {
        name: "Electrical Repairs",
        blurb: "Qualified electricians for safe wiring, repairs and installations in homes and shops.",
        shops: ["Ntinda Home Services", "Lira Fix-It Centre"],
        products: [
          ["House wiring inspection and repair (per visit)", 60_000],
          [
            "Solar system installation",
            300_000,
            "We size, mount and wire your panels, battery and inverter.",
          ],
          ["Socket and switch replacement", 30_000],
          ["Fridge and freezer repair (diagnosis)", 40_000],
        ],
      },
      {
        name: "Salon & Barber",
        blurb: "Hair and beauty by trained stylists, at our salon or at your home.",
        filters: { Location: ["In salon", "Home visit"] },
        shops: ["Rwenzori Beauty Lounge"],
        products: [
          ["Men's haircut and beard trim", 10_000],
          ["Ladies' braids (knotless, medium)", 80_000, "Hair extensions included, takes about five hours."],
          ["Bridal hair and makeup package", 350_000],
          ["Manicure and pedicure", 35_000],
          ["Home visit barber (per person)", 20_000],
        ],
      },
      {
        name: "Tailoring",
        blurb: "Tailoring and alterations with careful measurements and fittings until it is right.",
        shops: ["Rwenzori Beauty Lounge", "Ntinda Home Services"],
        products: [
          ["Gomesi tailoring (your fabric)", 80_000],
          ["Suit alteration and fitting", 40_000],
          ["School uniform tailoring (per set)", 45_000],
          ["Kitenge dress tailoring", 60_000, "Bring your fabric and a picture of the style you want."],
        ],
      },
      {
        name: "Photography",
        blurb: "Professional photographers with studio lights, drones and quick editing.",
        shops: ["Ntinda Home Services"],
        products: [
          [
            "Introduction (kwanjula) photography package",
            1_500_000,
            "Full day coverage, edited photos and a printed album.",
          ],
          ["Passport photos (4 copies)", 10_000],
          ["Graduation photo shoot", 200_000],
          ["Product photography (10 photos)", 150_000],
        ],
      },
      {
        name: "Event Decoration",
        blurb: "Decor, tents and chairs for weddings, introductions, parties and corporate events.",
        shops: ["Ntinda Home Services", "Rwenzori Beauty Lounge"],
        products: [
          ["Wedding decoration package", 2_500_000],
          ["Tents and chairs hire (100 guests)", 600_000],
          ["Birthday party decoration", 250_000],
          ["Introduction ceremony decor (kwanjula)", 1_800_000],
        ],
      },
      {
        name: "Boda Delivery",
        blurb: "Fast and trusted boda boda riders for parcels, documents and shopping.",
        shops: ["Ntinda Home Services"],
        products: [
          ["Same-day parcel delivery within Kampala", 10_000],
          ["Boda delivery Entebbe to Kampala", 35_000],
          ["Market shopping run (Owino or Nakasero)", 15_000, "Send us your list and we shop and deliver."],
        ],
      },
      {
        name: "Phone Repair",
        blurb: "Phone repairs by experienced technicians using quality parts, with a warranty on the work.",
        shops: ["Lira Fix-It Centre"],
        products: [
          ["Phone screen replacement (Tecno/Infinix)", 120_000],
          ["Charging port repair", 30_000],
          ["Phone software flashing and unlocking", 25_000],
          ["Battery replacement", 50_000],
        ],
      },
      {
        name: "Cleaning",
        blurb: "Reliable cleaners with their own equipment and detergents for homes and offices.",
        shops: ["Ntinda Home Services", "Lira Fix-It Centre"],
        products: [
          ["Home deep cleaning (3-bedroom)", 200_000],
          ["Sofa and carpet cleaning", 80_000],
          ["Compound slashing and cleaning", 50_000],
          ["Office cleaning (monthly contract)", 600_000],
        ],
      },
      {
        name: "Tutoring",
        blurb: "Patient teachers for pupils, students and adults, at home or online.",
        shops: ["Lira Fix-It Centre", "Ntinda Home Services"],
        products: [
          ["Home tutoring P7 maths and English (per month)", 300_000],
          ["S4 physics and chemistry lessons (per session)", 40_000],
          ["Driving lessons (4 weeks)", 650_000],
          [
            "Computer lessons for beginners",
            150_000,
            "Typing, Word, Excel, email and the internet in six weeks.",
          ],
        ],
      },
    ],
  },
  {
    id: 6,
    name: "Groceries & Food",
    colour: "#558b2f",
    shape: "basket",
    subCategories: [
      {
        name: "Fresh Produce",
        blurb: "Fresh from farms in Masaka, Mbarara and Mbale, delivered to your kitchen the same day.",
        filters: { Unit: ["Bunch", "Bag", "Box", "Dozen"] },
        products: [
          [
            "Fresh Matooke bunch (large)",
            35_000,
            "Green, firm bananas from Isingiro, enough for a family feast.",
          ],
          ["Irish potatoes (bag, 20kg)", 60_000],
          ["Sweet bananas (ndizi) bunch", 15_000],
          ["Tomatoes (box)", 70_000],
          ["Fresh pineapples (3 pieces)", 10_000],
          ["Avocados (dozen)", 12_000],
        ],
      },
      {
        name: "Grains & Flour",
        blurb: "Clean, sorted grains and fresh flour, packed and weighed accurately.",
        products: [
          ["Maize flour (posho) 10kg", 28_000],
          ["Super rice (Kaiso) 5kg", 24_000, "Aromatic rice from Kaiso, well sorted with no stones."],
          ["Nambale beans 5kg", 25_000],
          ["Millet flour 2kg", 9_000],
          ["Groundnuts (red beauty) 2kg", 18_000],
          ["Cassava flour 5kg", 15_000],
        ],
      },
      {
        name: "Beverages",
        blurb: "Drinks for home, office and events, stored cool and delivered fresh.",
        products: [
          ["Rwenzori drinking water 1.5L (12 pack)", 18_000],
          ["Good African coffee 250g (ground)", 22_000, "Ugandan arabica from the slopes of Mount Elgon."],
          ["Loose black tea leaves 500g", 8_000],
          ["Fresh passion fruit juice 1L", 7_000],
          ["Fresh milk 5 litres", 12_000],
        ],
      },
      {
        name: "Cooking Oil & Spices",
        blurb: "Kitchen essentials at wholesale prices from Kikuubo, also sold in small quantities.",
        products: [
          ["Mukwano cooking oil 5L", 38_000],
          ["Sunflower cooking oil 3L", 30_000],
          ["Royco mchuzi mix 500g", 9_000],
          ["Iodised salt 1kg", 2_500],
          ["Curry powder 250g", 6_000],
          ["Kakira sugar 2kg", 10_000],
        ],
      },
      {
        name: "Meat & Fish",
        blurb: "Fresh meat and fish, cleaned and packed on order, kept cold until delivery.",
        products: [
          ["Fresh tilapia (whole, 1kg)", 18_000, "Caught on Lake Victoria this morning."],
          ["Smoked Nile perch (1kg)", 30_000],
          ["Goat meat 1kg", 22_000],
          ["Local chicken (live)", 35_000],
          ["Silverfish (mukene) 1kg", 12_000],
        ],
      },
    ],
  },
  {
    id: 7,
    name: "Health & Beauty",
    colour: "#c62828",
    shape: "drop",
    subCategories: [
      {
        name: "Hair Care",
        blurb: "Hair products and extensions for natural and relaxed hair, original brands only.",
        products: [
          ["Darling braids (3 packs)", 25_000],
          ["Shea butter hair cream 500ml", 15_000],
          ['Human hair wig (Brazilian, 16")', 450_000, "Soft, tangle-free and can be dyed and styled."],
          ["Hair relaxer kit", 22_000],
          ["Salon hood hair dryer", 280_000],
        ],
      },
      {
        name: "Skin Care",
        blurb: "Gentle skin care suited to our sun and climate, with no harmful bleaching ingredients.",
        products: [
          ["Nivea body lotion 400ml", 18_000],
          [
            "Pure shea butter 500g (Northern Uganda)",
            20_000,
            "Unrefined nilotica shea butter made by women's groups in Gulu.",
          ],
          ["Vaseline petroleum jelly 250ml", 9_000],
          ["Sunscreen SPF 50 100ml", 45_000],
          ["African black soap 200g", 8_000],
        ],
      },
      {
        name: "Makeup",
        blurb: "Makeup in shades made for African skin, long lasting through the heat of the day.",
        products: [
          ["Matte foundation (assorted shades)", 35_000],
          ["Lipstick set (6 colours)", 25_000],
          ["Makeup brush set (12 pieces)", 30_000],
          ["3D mink eyelashes (5 pairs)", 20_000],
        ],
      },
      {
        name: "Fragrances",
        blurb: "Long lasting fragrances, original and sealed, for him and for her.",
        products: [
          ["Men's perfume 100ml (eau de parfum)", 120_000],
          ["Ladies' body mist 250ml", 25_000],
          ["Arabic oud perfume oil 12ml", 35_000],
          ["Roll-on deodorant (3 pack)", 15_000],
        ],
      },
      {
        name: "Personal Care",
        blurb: "Everyday personal care and first aid for the whole family, delivered discreetly.",
        products: [
          ["Sanitary pads (pack of 3)", 12_000],
          ["Toothpaste 140g (3 pack)", 12_000],
          ["Digital thermometer", 15_000],
          ["Home first aid kit", 60_000, "Bandages, plasters, gloves and antiseptic in a hard case."],
          ["Hand sanitiser 500ml", 8_000],
        ],
      },
    ],
  },
  {
    id: 8,
    name: "Agriculture",
    colour: "#6d4c41",
    shape: "leaf",
    subCategories: [
      {
        name: "Seeds & Seedlings",
        blurb: "Certified seed and healthy seedlings, with free advice from our agronomist on planting.",
        products: [
          ["Longe 10H hybrid maize seed 2kg", 22_000, "High-yield hybrid for the March and August seasons."],
          ["Hass avocado seedlings (grafted)", 7_000],
          ["Robusta coffee seedlings (100)", 50_000],
          ["Tomato seeds (F1 hybrid, 10g)", 55_000],
          ["Passion fruit seedlings (10)", 30_000],
        ],
      },
      {
        name: "Fertilisers & Agro-chemicals",
        blurb: "Genuine fertilisers and crop protection, registered with the Ministry of Agriculture.",
        products: [
          ["NPK 17:17:17 fertiliser 50kg", 180_000],
          ["DAP fertiliser 50kg", 200_000],
          ["Chicken manure (50kg bag)", 25_000],
          ["Knapsack sprayer 16L", 85_000],
          ["Mancozeb fungicide 1kg", 25_000, "Protects tomatoes and potatoes against blight."],
        ],
      },
      {
        name: "Farm Tools",
        blurb: "Strong farm tools that last many seasons, sold at prices farmers can afford.",
        products: [
          ["Hoe (jembe) with handle", 20_000],
          ["Panga (machete)", 12_000],
          ["Wheelbarrow (heavy duty)", 180_000],
          ["Slasher", 15_000],
          ["Tarpaulin 4x6m (for drying coffee)", 55_000],
        ],
      },
      {
        name: "Livestock & Poultry",
        blurb: "Healthy birds and quality feeds for poultry, pig and dairy farmers across Uganda.",
        products: [
          ["Kuroiler day-old chicks (50)", 150_000, "Vaccinated against Newcastle and Gumboro."],
          ["Layers mash 70kg", 145_000],
          ["Broiler starter feed 50kg", 135_000],
          ["Dairy meal 70kg", 95_000],
          ["Poultry drinker and feeder set", 25_000],
        ],
      },
      {
        name: "Irrigation",
        blurb: "Irrigation and water storage so you can grow through the dry season.",
        products: [
          ["Petrol water pump 3 inch", 950_000],
          ["Drip irrigation kit (1/4 acre)", 650_000],
          ["Water tank 5,000 litres", 1_350_000],
          ["Garden hose pipe 30m", 60_000],
        ],
      },
    ],
  },
  {
    id: 9,
    name: "Vehicles & Boda Parts",
    colour: "#37474f",
    shape: "wheel",
    subCategories: [
      {
        name: "Boda Boda Parts",
        blurb: "Spare parts for Bajaj, TVS and Honda motorcycles, with fitting available at our garage.",
        filters: { "Motorcycle model": ["Bajaj Boxer", "TVS HLX", "Honda Ace"] },
        products: [
          ["Bajaj Boxer 150 brake pads", 15_000],
          ["Boda boda chain and sprocket kit", 65_000],
          ["TVS HLX 125 side mirror pair", 20_000],
          ["Motorcycle battery 12V 5Ah", 70_000],
          ["Boda boda seat cover (waterproof)", 25_000],
        ],
      },
      {
        name: "Helmets & Riding Gear",
        blurb: "Protective gear that keeps riders and passengers safe on Uganda's roads.",
        products: [
          ["Boda boda helmet (with visor)", 65_000, "Certified hard shell with a clear visor for the rain."],
          ["Passenger helmet (open face)", 40_000],
          ["Reflector jacket (high-vis)", 20_000],
          ["Riding gloves", 25_000],
          ["Raincoat for riders", 35_000],
        ],
      },
      {
        name: "Motorcycles",
        blurb: "Motorcycles with registration, number plates and a free first service.",
        filters: { Condition: ["New", "Used"] },
        products: [
          ["Bajaj Boxer 150 (new)", 6_300_000],
          ["TVS HLX 125 (new)", 5_300_000],
          ["Honda Ace 125 (used, 2021)", 3_800_000],
          ["Haojue 125 motorcycle (new)", 4_500_000],
        ],
      },
      {
        name: "Car Parts",
        blurb: "Original and quality ex-Japan parts for Toyota and other popular cars in Uganda.",
        products: [
          ["Toyota Premio brake pads (front)", 85_000],
          ["Engine oil 4L (5W-30)", 110_000],
          ["Car battery 70Ah", 380_000],
          ["Toyota Noah headlight (used)", 250_000],
          ["Air filter (Toyota Corolla)", 35_000],
        ],
      },
      {
        name: "Tyres",
        blurb: "New tyres and tubes fitted and balanced while you wait.",
        products: [
          ["Motorcycle tyre 3.00-17", 85_000],
          ["Car tyre 195/65 R15 (new)", 320_000],
          ['Bicycle tyre and tube 26"', 30_000],
          ["Portable tyre inflator 12V", 120_000],
        ],
      },
    ],
  },
  {
    id: 10,
    name: "Building & Hardware",
    colour: "#8d6e63",
    shape: "house",
    subCategories: [
      {
        name: "Cement & Blocks",
        blurb:
          "Building materials delivered to your site by truck anywhere around Mbale, Kampala and Wakiso.",
        products: [
          ["Hima cement 50kg", 33_000],
          ["Tororo cement 50kg", 32_000],
          ["Concrete blocks 6 inch (per 100)", 250_000],
          ["Building sand (7 tonne tipper)", 550_000],
          ["Burnt clay bricks (per 1,000)", 350_000],
        ],
      },
      {
        name: "Iron Sheets & Roofing",
        blurb: "Roofing materials with accurate gauges and lengths cut to your order.",
        filters: { Gauge: ["28", "30", "32"], Colour: ["Plain", "Maroon", "Green", "Blue"] },
        products: [
          ["Iron sheets gauge 28 (3m)", 45_000],
          ["Roofing nails 5kg", 40_000],
          ["Pre-painted roofing sheet (maroon)", 55_000],
          ["Ridge cap (3m)", 30_000],
          ["Timber 2x4 (14ft piece)", 18_000, "Treated pine that resists termites."],
        ],
      },
      {
        name: "Paint",
        blurb: "Paints for inside and outside, with colour mixing while you wait.",
        products: [
          ["Emulsion paint 20L (white)", 260_000],
          ["Gloss paint 4L", 95_000],
          ["Paint roller and tray set", 20_000],
          ["Wall putty 20kg", 45_000],
        ],
      },
      {
        name: "Plumbing Materials",
        blurb: "Pipes, fittings and sanitary ware for new houses and repairs.",
        products: [
          ["PPR pipe 20mm (4m)", 12_000],
          ["PVC pipe 4 inch (6m)", 65_000],
          ["Toilet set (close-coupled)", 280_000],
          ["Kitchen sink (stainless, double bowl)", 180_000],
          ["Brass bib tap", 15_000],
        ],
      },
      {
        name: "Electrical Supplies",
        blurb: "Electrical supplies that meet UNBS standards, for safe homes and businesses.",
        products: [
          ["Electric cable 2.5mm (100m roll)", 240_000],
          ["LED bulbs (10 pack)", 50_000],
          ["Double socket (13A)", 12_000],
          ["Circuit breaker 32A", 25_000],
          ["Extension cable 4-way", 30_000],
        ],
      },
      {
        name: "Tools",
        blurb: "Hand and power tools for builders, carpenters and home repairs.",
        products: [
          ["Claw hammer", 25_000],
          ["Tape measure 7.5m", 15_000],
          ["Electric drill 650W", 320_000],
          ["Spirit level 60cm", 20_000],
          ["Aluminium ladder (8 steps)", 280_000],
        ],
      },
    ],
  },
  {
    id: 11,
    name: "Baby & Kids",
    colour: "#f9a825",
    shape: "star",
    subCategories: [
      {
        name: "Baby Clothing",
        blurb: "Soft cotton clothing for babies and children, gentle on delicate skin.",
        products: [
          ["Baby romper set (3 pieces, 0–6 months)", 35_000],
          ["Knitted baby shawl", 25_000],
          ["Kids' party dress", 55_000],
          ["Baby socks and mittens set", 10_000],
        ],
      },
      {
        name: "Diapers & Wipes",
        blurb: "Diapers and wipes at good prices, with free delivery on bulk orders.",
        products: [
          ["Pampers size 4 (64 pieces)", 65_000],
          ["Huggies newborn diapers (40 pieces)", 38_000],
          ["Baby wipes (pack of 3)", 15_000],
          ["Cloth nappies (12 pieces)", 35_000],
        ],
      },
      {
        name: "Toys",
        blurb: "Safe toys that keep children playing and learning.",
        products: [
          ["Building blocks set (100 pieces)", 45_000],
          ["Kids' bicycle 16\" with stabilisers", 280_000],
          ["Football for kids (size 3)", 25_000],
          ["Doll with accessories", 35_000],
          ["Educational alphabet chart", 15_000],
        ],
      },
      {
        name: "School Uniforms",
        blurb: "Uniforms for primary and secondary schools, made to the colours of your school.",
        products: [
          ["Primary school uniform set (shirt and shorts)", 45_000],
          ["School sweater (V-neck)", 30_000],
          ["Black school shoes", 60_000],
          ["School socks (pack of 3)", 10_000],
        ],
      },
      {
        name: "Baby Gear",
        blurb: "Carriers, strollers and cots that make life with a little one easier.",
        products: [
          ["Ergonomic baby carrier", 95_000],
          ["Foldable baby stroller", 350_000],
          ["Baby bath tub with stand", 60_000],
          ["Baby cot with mosquito net", 380_000],
        ],
      },
    ],
  },
  {
    id: 12,
    name: "Books & Stationery",
    colour: "#283593",
    shape: "book",
    subCategories: [
      {
        name: "School Textbooks",
        blurb: "Textbooks on the national curriculum for primary and secondary schools.",
        products: [
          ["MK Primary Mathematics P7", 25_000],
          ["Comprehensive English P6", 22_000],
          ["Lower secondary Biology S1 textbook", 35_000],
          ["Atlas for Uganda primary schools", 28_000],
          ["Learner's English dictionary", 60_000],
        ],
      },
      {
        name: "Exercise Books & Stationery",
        blurb: "Stationery for the new term, sold per piece or by the box for schools.",
        products: [
          ["Exercise books 96 pages (dozen)", 14_000],
          ["Picfare exercise books 48 pages (dozen)", 9_000],
          ["Blue ballpoint pens (box of 50)", 20_000],
          ["Mathematical set", 10_000],
          ["Scientific calculator (Casio fx-82)", 55_000, "Allowed in UNEB examinations."],
        ],
      },
      {
        name: "Novels & African Literature",
        blurb: "Classic and new African writing, new and second hand copies in good condition.",
        products: [
          ["Song of Lawino by Okot p'Bitek", 30_000],
          ["Abyssinian Chronicles by Moses Isegawa", 45_000],
          ["Things Fall Apart by Chinua Achebe", 35_000],
          ["Kintu by Jennifer Nansubuga Makumbi", 50_000],
          ["The River Between by Ngũgĩ wa Thiong'o", 30_000],
        ],
      },
      {
        name: "Office Supplies",
        blurb: "Office supplies for businesses, schools and NGOs, with delivery and monthly accounts.",
        products: [
          ["A4 printing paper (ream, 500 sheets)", 25_000],
          ["Box files (set of 5)", 30_000],
          ["Stapler with staples", 20_000],
          ["Receipt books (pack of 10)", 25_000],
          ["Printer toner (85A compatible)", 120_000],
        ],
      },
    ],
  },
  {
    id: 13,
    name: "Sports",
    colour: "#0277bd",
    shape: "ball",
    subCategories: [
      {
        name: "Football",
        blurb: "Football gear for players, teams and academies, from grassroots to league level.",
        products: [
          ["Football size 5 (match ball)", 85_000],
          ["Football boots (studs)", 120_000],
          ["Uganda Cranes replica jersey", 60_000, "Yellow, red and black, in all adult sizes."],
          ["Shin guards", 20_000],
          ["Goalkeeper gloves", 45_000],
        ],
      },
      {
        name: "Fitness Equipment",
        blurb: "Equipment for home workouts and gyms, delivered and set up.",
        products: [
          ["Adjustable dumbbells set 20kg", 180_000],
          ["Skipping rope", 10_000],
          ["Yoga mat (6mm)", 40_000],
          ["Motorised home treadmill", 2_800_000],
          ["Resistance bands set", 35_000],
        ],
      },
      {
        name: "Sportswear",
        blurb: "Light, breathable sportswear for training, running and match days.",
        products: [
          ["Men's tracksuit", 95_000],
          ["Running shoes", 150_000],
          ["Sports bra", 30_000],
          ["Netball skirt and bib set", 45_000],
        ],
      },
      {
        name: "Netball & Basketball",
        blurb: "Balls and equipment for schools, clubs and community courts.",
        products: [
          ["Netball (size 5)", 55_000],
          ["Basketball (size 7)", 75_000],
          ["Netball posts (pair)", 850_000],
          ["Basketball hoop with backboard", 650_000],
        ],
      },
      {
        name: "Bicycles",
        blurb: "Bicycles for transport, sport and fun, assembled and checked before delivery.",
        products: [
          [
            "Phoenix roadster bicycle",
            450_000,
            "The classic black bicycle, strong enough for carrying goods.",
          ],
          ['Mountain bike 26" (21 speed)', 750_000],
          ["Bicycle helmet", 50_000],
          ["Bicycle pump", 15_000],
        ],
      },
    ],
  },
];
