/// Merchant names for generated data, each with its category: brand-like names first (the
/// frequent ones, with accented and non-Latin names among them), then made-up local shops.
enum MerchantCatalog {
    struct Entry {
        var name: String
        var category: String?
        var subcategory: String?
        /// The typical size of a payment there, in euros.
        var typicalAmount: Double
        var isIncome = false
    }

    /// Brands and well-known places, roughly by how often people pay there.
    static let brands: [Entry] = [
        Entry(name: "Mercadona", category: "Groceries", subcategory: "Supermarket", typicalAmount: 38),
        Entry(name: "Lidl", category: "Groceries", subcategory: "Supermarket", typicalAmount: 31),
        Entry(name: "Amazon", category: "Shopping", subcategory: "Online", typicalAmount: 27),
        Entry(name: "Uber", category: "Transport", subcategory: "Taxi", typicalAmount: 14),
        Entry(name: "Starbucks", category: "Food & Drink", subcategory: "Coffee", typicalAmount: 4.6),
        Entry(name: "Carrefour", category: "Groceries", subcategory: "Supermarket", typicalAmount: 42),
        Entry(name: "Пятёрочка", category: "Groceries", subcategory: "Supermarket", typicalAmount: 18),
        Entry(name: "Café de Flore", category: "Food & Drink", subcategory: "Coffee", typicalAmount: 7.5),
        Entry(name: "Netflix", category: "Entertainment", subcategory: "Streaming", typicalAmount: 12.99),
        Entry(name: "Spotify", category: "Entertainment", subcategory: "Music", typicalAmount: 10.99),
        Entry(name: "東京ラーメン", category: "Food & Drink", subcategory: "Restaurants", typicalAmount: 14),
        Entry(name: "McDonald's", category: "Food & Drink", subcategory: "Fast Food", typicalAmount: 9),
        Entry(name: "Shell", category: "Transport", subcategory: "Fuel", typicalAmount: 55),
        Entry(name: "Aldi", category: "Groceries", subcategory: "Supermarket", typicalAmount: 29),
        Entry(name: "Tesco", category: "Groceries", subcategory: "Supermarket", typicalAmount: 33),
        Entry(name: "Starbucks Reserve", category: "Food & Drink", subcategory: "Coffee", typicalAmount: 6.2),
        Entry(name: "Bolt", category: "Transport", subcategory: "Taxi", typicalAmount: 11),
        Entry(name: "Zara", category: "Shopping", subcategory: "Clothing", typicalAmount: 45),
        Entry(name: "IKEA", category: "Home", subcategory: "Furniture", typicalAmount: 85),
        Entry(name: "Salary ACME GmbH", category: "Income", subcategory: "Salary", typicalAmount: 2900, isIncome: true),
        Entry(name: "Renfe", category: "Transport", subcategory: "Train", typicalAmount: 24),
        Entry(name: "Deutsche Bahn", category: "Transport", subcategory: "Train", typicalAmount: 39),
        Entry(name: "Pret A Manger", category: "Food & Drink", subcategory: "Restaurants", typicalAmount: 8.5),
        Entry(name: "7-Eleven", category: "Groceries", subcategory: "Convenience", typicalAmount: 6),
        Entry(name: "セブンイレブン", category: "Groceries", subcategory: "Convenience", typicalAmount: 5),
        Entry(name: "Żabka", category: "Groceries", subcategory: "Convenience", typicalAmount: 7),
        Entry(name: "Vodafone", category: "Bills & Utilities", subcategory: "Phone", typicalAmount: 35),
        Entry(name: "Iberdrola", category: "Bills & Utilities", subcategory: "Electricity", typicalAmount: 68),
        Entry(name: "Pâtisserie Ladurée", category: "Food & Drink", subcategory: "Bakery", typicalAmount: 12),
        Entry(name: "Bäckerei Müller", category: "Food & Drink", subcategory: "Bakery", typicalAmount: 5.5),
        Entry(name: "Señor Taco", category: "Food & Drink", subcategory: "Restaurants", typicalAmount: 16),
        Entry(name: "Farmacia Central", category: "Health", subcategory: "Pharmacy", typicalAmount: 14),
        Entry(name: "Apotheke am Markt", category: "Health", subcategory: "Pharmacy", typicalAmount: 17),
        Entry(name: "Booking.com", category: "Travel", subcategory: "Hotels", typicalAmount: 240),
        Entry(name: "Airbnb", category: "Travel", subcategory: "Lodging", typicalAmount: 310),
        Entry(name: "Ryanair", category: "Travel", subcategory: "Flights", typicalAmount: 75),
        Entry(name: "Lufthansa", category: "Travel", subcategory: "Flights", typicalAmount: 260),
        Entry(name: "Яндекс Такси", category: "Transport", subcategory: "Taxi", typicalAmount: 9),
        Entry(name: "Wildberries", category: "Shopping", subcategory: "Online", typicalAmount: 22),
        Entry(name: "Ελληνικό Παντοπωλείο", category: "Groceries", subcategory: "Deli", typicalAmount: 26),
        Entry(name: "H&M", category: "Shopping", subcategory: "Clothing", typicalAmount: 39),
        Entry(name: "MediaMarkt", category: "Shopping", subcategory: "Electronics", typicalAmount: 120),
        Entry(name: "Apple Store", category: "Shopping", subcategory: "Electronics", typicalAmount: 180),
        Entry(name: "Steam", category: "Entertainment", subcategory: "Games", typicalAmount: 19),
        Entry(name: "Disney+", category: "Entertainment", subcategory: "Streaming", typicalAmount: 8.99),
        Entry(name: "Basic-Fit", category: "Fitness", subcategory: "Gym", typicalAmount: 29.99),
        Entry(name: "Decathlon", category: "Fitness", subcategory: "Sports Gear", typicalAmount: 48),
        Entry(name: "Coursera", category: "Education", subcategory: "Courses", typicalAmount: 49),
        Entry(name: "Fressnapf", category: "Pets", subcategory: "Pet Supplies", typicalAmount: 23),
        Entry(name: "Leroy Merlin", category: "Home", subcategory: "DIY", typicalAmount: 54),
        Entry(name: "Allianz", category: "Insurance", subcategory: "Home Insurance", typicalAmount: 42),
        Entry(name: "Mapfre", category: "Insurance", subcategory: "Car Insurance", typicalAmount: 61),
        Entry(name: "ATM Withdrawal", category: "Cash", subcategory: nil, typicalAmount: 60),
        Entry(name: "Bank Fee", category: "Fees", subcategory: "Bank", typicalAmount: 3.5),
        Entry(name: "UNICEF", category: "Gifts & Donations", subcategory: "Charity", typicalAmount: 20),
        Entry(name: "Imaginarium", category: "Kids", subcategory: "Toys", typicalAmount: 28),
        Entry(name: "Agencia Tributaria", category: "Taxes", subcategory: "Income Tax", typicalAmount: 300),
        Entry(name: "iCloud", category: "Subscriptions", subcategory: "Cloud", typicalAmount: 2.99),
        Entry(name: "Repsol", category: "Auto", subcategory: "Fuel", typicalAmount: 52),
        Entry(name: "Talleres García", category: "Auto", subcategory: "Repairs", typicalAmount: 190),
        Entry(name: "Barbería Clásica", category: "Personal Care", subcategory: "Hair", typicalAmount: 18),
        Entry(name: "Transfer from Ana", category: "Transfers", subcategory: "Incoming", typicalAmount: 150, isIncome: true),
        Entry(name: "Interest", category: "Income", subcategory: "Interest", typicalAmount: 4, isIncome: true),
        Entry(name: "Refund Amazon", category: "Shopping", subcategory: "Refunds", typicalAmount: 25, isIncome: true),
        Entry(name: "Wise Transfer", category: nil, subcategory: nil, typicalAmount: 120),
        Entry(name: "PayPal", category: nil, subcategory: nil, typicalAmount: 35),
        Entry(name: "Crème & Co", category: "Food & Drink", subcategory: "Desserts", typicalAmount: 9),
        Entry(name: "Ça Va Bistro", category: "Food & Drink", subcategory: "Restaurants", typicalAmount: 31),
        Entry(name: "Łódź Market", category: "Groceries", subcategory: "Market", typicalAmount: 21),
        Entry(name: "Øresund Bridge", category: "Transport", subcategory: "Tolls", typicalAmount: 55),
        Entry(name: "ＦＵＬＬ ＷＩＤＴＨ Store", category: "Shopping", subcategory: "Electronics", typicalAmount: 64),
        Entry(name: "ﬁnance Corp", category: "Business", subcategory: "Services", typicalAmount: 99),
        Entry(name: "STRASSE Bar", category: "Food & Drink", subcategory: "Bars", typicalAmount: 22),
    ]

    /// Categories for made-up shops, with a subcategory and a typical amount.
    private static let shopKinds: [(prefix: [String], category: String, subcategory: String, amount: Double)] = [
        (["Café", "Coffee", "Kaffee", "Caffè", "Кофейня"], "Food & Drink", "Coffee", 4.5),
        (["Bar", "Taberna", "Pub", "Kneipe"], "Food & Drink", "Bars", 18),
        (["Restaurante", "Bistro", "Trattoria", "Brasserie", "Ресторан", "食堂"], "Food & Drink", "Restaurants", 28),
        (["Panadería", "Boulangerie", "Bakery"], "Food & Drink", "Bakery", 6),
        (["Market", "Supermercado", "Épicerie", "Магазин", "スーパー"], "Groceries", "Supermarket", 30),
        (["Boutique", "Tienda", "Shop", "Laden"], "Shopping", "Clothing", 42),
        (["Librería", "Buchhandlung", "Librairie", "Books"], "Shopping", "Books", 19),
        (["Farmacia", "Pharmacie", "Apotheke", "Аптека"], "Health", "Pharmacy", 15),
        (["Clínica", "Praxis", "Dental"], "Health", "Doctor", 75),
        (["Gym", "Fitness", "Yoga Studio"], "Fitness", "Gym", 35),
        (["Hotel", "Hostal", "Pension", "Гостиница"], "Travel", "Hotels", 140),
        (["Taxi", "Cabs", "Transfers"], "Transport", "Taxi", 16),
        (["Garage", "Taller", "Werkstatt"], "Auto", "Repairs", 160),
        (["Salon", "Peluquería", "Friseur"], "Personal Care", "Hair", 25),
        (["Kino", "Cinema", "Teatro"], "Entertainment", "Movies", 11),
        (["Florist", "Floristería", "Blumen"], "Gifts & Donations", "Gifts", 27),
        (["Academy", "Escuela", "Schule"], "Education", "Classes", 60),
        (["Veterinario", "Tierarzt", "Vet"], "Pets", "Vet", 55),
        (["Ferretería", "Hardware", "Baumarkt"], "Home", "DIY", 24),
        (["Kiosk", "Quiosco", "Estanco"], "Shopping", "News", 3.5),
    ]

    private static let names = [
        "Luna", "Sol", "Marta", "Jürgen", "Élise", "Olga", "Nord", "Sur", "Central", "Plaza", "Mayor",
        "Ñandú", "Kowalski", "Σοφία", "さくら", "Иван", "Bellavista", "Montmartre", "Alster", "Triana",
        "Gràcia", "Chamberí", "Prenzlauer", "Belleville", "Soho", "Brixton", "Zürich", "Malmö", "Kraków",
        "São Jorge", "Nuñez", "Dvořák", "Ångström", "Delft", "Porto", "Sevilla", "Lyon", "Köln", "Graz",
        "Oporto", "Aurora", "Vega", "Olivo", "Roble", "Cedro", "Alba", "Estrella", "Fénix", "Río", "Mar",
    ]

    private static let suffixes = ["", "", "", " & Co", " 24", " Express", " Centro", " II", " GmbH", " SL", " Ltd", " Nord", " Sur"]

    /// `count` distinct merchants: the brands, then made-up shops.
    static func merchants(count: Int, random: inout SeededRandom) -> [Entry] {
        var entries = Array(brands.prefix(count))
        var seen = Set(entries.map(\.name))
        var attempts = 0
        while entries.count < count {
            attempts += 1
            let kind = random.pick(shopKinds)
            var name = random.pick(kind.prefix) + " " + random.pick(names) + random.pick(suffixes)
            if attempts > count * 20 { name += " \(attempts)" }
            guard seen.insert(name).inserted else { continue }
            let category: String? = random.chance(0.04) ? nil : kind.category
            entries.append(Entry(
                name: name, category: category,
                subcategory: category == nil || random.chance(0.15) ? nil : kind.subcategory,
                typicalAmount: kind.amount * (0.6 + random.unit() * 0.9)))
        }
        return entries
    }
}
