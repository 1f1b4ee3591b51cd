"""Word lists and sentence templates for the synthetic long-memory generator.

All text is written for this project. ``{slot}`` fields are filled from the lists below by
``longmem_gen``; nothing here is random by itself.
"""

from __future__ import annotations

__all__ = [
    "ACKS",
    "FILLER_TOPICS",
    "SMALL_TALK",
    "WORDS",
]


def _words(spec: str) -> tuple[str, ...]:
    """A word list written as one ``|``-separated string (keeps the lists compact)."""
    return tuple(w.strip() for w in spec.split("|") if w.strip())


WORDS: dict[str, tuple[str, ...]] = {
    "person": _words(
        "Priya|Marcus|Elena|Tomasz|Aisha|Diego|Hannah|Kenji|Fatima|Oliver|"
        "Ingrid|Samuel|Lucia|Ravi|Noor|Gabriel|Yuki|Chloe|Mateo|Zara|Felix|"
        "Amara|Jonas|Leila"
    ),
    "relative": _words(
        "sister|brother|cousin|aunt|uncle|best friend|neighbour|coworker|roommate|mother-in-law"
    ),
    "breed": _words(
        "beagle|golden retriever|border collie|dachshund|corgi|labrador|"
        "greyhound|shiba inu|poodle|boxer"
    ),
    "pet_name": _words(
        "Biscuit|Pepper|Nova|Waffles|Juniper|Moose|Clementine|Ziggy|Olive|Bruno|Maple|Pickles"
    ),
    "job": _words(
        "nurse|data analyst|high-school teacher|architect|pastry chef|"
        "software engineer|physiotherapist|product manager|paralegal|"
        "graphic designer|pharmacist|civil engineer"
    ),
    "company": _words(
        "Northwind Clinic|Bluefield Analytics|Harbor Lane School|"
        "Stonebridge Studio|Copper Kettle Bakery|Lumen Labs|Riverbend Health|"
        "Brightpath Software|Oakmont Legal|Tidewater Design|Greenleaf Pharmacy|"
        "Ironworks Engineering"
    ),
    "city": _words(
        "Lisbon|Denver|Osaka|Edinburgh|Montreal|Valencia|Melbourne|Austin|"
        "Krakow|Seattle|Cape Town|Ljubljana|Porto|Vancouver"
    ),
    "car": _words(
        "Toyota Corolla|Honda Civic|Subaru Outback|Mazda 3|Volkswagen Golf|"
        "Ford Focus|Kia Niro|Hyundai Ioniq|Tesla Model 3|Volvo XC40"
    ),
    "color": _words("red|silver|dark blue|white|black|green|grey"),
    "activity": _words(
        "pottery|salsa dancing|rock climbing|watercolour painting|"
        "Italian cooking|jazz piano|kickboxing|aerial yoga|woodworking|"
        "improv comedy"
    ),
    "weekday": _words("Monday|Tuesday|Wednesday|Thursday|Friday|Saturday"),
    "book": _words(
        "The Glass Orchard|A River of Lanterns|Northern Static|"
        "The Salt Archive|Letters from the Quiet Coast|"
        "The Clockmaker's Daughter|Paper Satellites|The Long Harvest|"
        "Winter in Marrow Street|The Cartographer's Tea"
    ),
    "author": _words(
        "Ada Whitlock|Jonah Reyes|Mira Castellan|Theo Ambrose|Sana Okafor|"
        "Lena Morrow|Iris Calloway|Victor Hale"
    ),
    "allergen": _words("peanuts|shellfish|penicillin|cats|pollen|latex|sesame|bee stings"),
    "month": _words(
        "January|February|March|April|May|June|July|August|September|October|November|December"
    ),
    "diet": _words("vegetarian|vegan|pescatarian|gluten-free"),
    "cuisine": _words("Thai|Ethiopian|Sichuan|Mexican|Lebanese|Korean|Peruvian|south Indian"),
    "genre": _words(
        "jazz|bluegrass|synth-pop|classical piano|indie folk|afrobeat|drum and bass|bossa nova"
    ),
    "book_genre": _words(
        "space opera|historical mystery|cozy fantasy|hard science fiction|"
        "Nordic noir|literary memoir"
    ),
    "landscape": _words(
        "quiet mountain trails|small coastal villages|remote lakes|"
        "old university towns|desert canyons"
    ),
    "trip_activity": _words(
        "hiked to a waterfall|took a cooking class|went to a jazz festival|"
        "visited three museums in one day|rented bikes along the coast|"
        "saw a football match|toured an old castle"
    ),
    "item_kitchen": _words(
        "stand mixer|cast-iron skillet|espresso machine|rice cooker|"
        "chef's knife|air fryer|food processor"
    ),
    "item_camera": _words("camera lens|tripod|camera bag|flash unit|memory card set"),
    "item_plant": _words("fiddle-leaf fig|monstera|snake plant|bonsai juniper|lemon tree|orchid"),
    "dish": _words(
        "lasagna|shakshuka|banana bread|ramen broth|paella|falafel|"
        "butter chicken|mushroom risotto|sourdough|dumplings"
    ),
    "language": _words("Python|JavaScript|Rust|SQL|Go|TypeScript"),
    "task": _words(
        "parse a CSV file|write unit tests|speed up a slow loop|handle dates|"
        "read a JSON config|sort a list of records"
    ),
    "movie_genre": _words(
        "sci-fi|heist|romantic comedy|documentary|animated|psychological thriller"
    ),
    "plant": _words("tomatoes|basil|succulents|roses|peppers|strawberries"),
    "skill": _words("Spanish|Japanese|guitar|chess|touch typing|sketching"),
    "room": _words("kitchen|bathroom|garage|balcony|home office|hallway"),
    "repair": _words(
        "a leaky tap|a squeaky door|a cracked tile|a running toilet|peeling paint|a wobbly shelf"
    ),
    "game": _words("Catan|Ticket to Ride|Wingspan|Carcassonne|Azul|Codenames"),
    "season": _words("spring|summer|autumn|winter"),
    "money_goal": _words("an emergency fund|a trip abroad|a new laptop|a house deposit"),
}

#: What the assistant says after the user shares something personal.
ACKS: tuple[str, ...] = (
    "Thanks for telling me, I'll keep that in mind.",
    "That's great to know! Is there anything I can help you with around that?",
    "Oh, how nice. Let me know if you want any suggestions related to it.",
    "Got it. That sounds like a big part of your life right now.",
    "Noted! It's always good to hear how things are going for you.",
)

#: Topic-free exchanges (user, assistant) that pad a session.
SMALL_TALK: tuple[tuple[str, str], ...] = (
    ("Thanks, that's really helpful.", "Glad it helps! Anything else on your mind?"),
    ("Sorry, I got distracted, my {relative} just called.", "No problem, take your time."),
    ("It's been such a long week.", "That sounds tiring. I hope you get some rest soon."),
    (
        "What do you think about the weather in {season}?",
        "Every season has its charm, but {season} has some lovely days.",
    ),
    ("I should probably get some sleep soon.", "Good idea, rest makes everything easier."),
    ("Can you keep answers short from now on?", "Sure, I'll keep it brief."),
    ("Haha, fair enough.", "Happy to help anytime."),
    ("I'll try that tonight and tell you how it went.", "Looking forward to hearing about it."),
)

#: Chit-chat that fills the haystack: per topic, user openers, assistant answers, user
#: follow-ups and assistant follow-ups; a session picks one topic and alternates them.
FILLER_TOPICS: dict[str, dict[str, tuple[str, ...]]] = {
    "cooking": {
        "user": (
            "Do you have a simple recipe for {dish}?",
            "What can I serve with {dish} for a dinner party?",
            "How long does {dish} keep in the fridge?",
        ),
        "assistant": (
            "Sure. For {dish}, prepare everything before you start, cook on medium heat and "
            "taste as you go; most of the flavour comes from patience.",
            "A crisp green salad and some good bread go well with {dish}, and a light dessert "
            "keeps the meal balanced.",
            "Usually three to four days in an airtight container; reheat it until it is hot "
            "all the way through.",
        ),
        "follow": (
            "Could I make it a day ahead?",
            "What if I don't have an oven?",
            "Any tips to make it less greasy?",
        ),
        "reply": (
            "Yes, many dishes taste even better the next day once the flavours settle.",
            "A heavy pan on the stove with a lid works for most steps.",
            "Use a little less oil and drain the excess on paper towels.",
        ),
    },
    "programming": {
        "user": (
            "How do I {task} in {language}?",
            "What's the cleanest way to {task} with {language}?",
            "My {language} script fails when I try to {task}. Any idea why?",
        ),
        "assistant": (
            "In {language} the standard library usually covers that; start with the "
            "documented helper and add error handling around the input.",
            "Break it into a small function, test it with a couple of examples, then build up "
            "from there.",
            "Check the exact error message first; most failures there come from unexpected "
            "input formats.",
        ),
        "follow": (
            "Should I use a third-party library for it?",
            "How would I test that properly?",
            "Is there a performance concern with big inputs?",
        ),
        "reply": (
            "Only if the built-in tools fall short; fewer dependencies are easier to maintain.",
            "Write a few small unit tests with edge cases like empty input.",
            "Process the data as a stream instead of loading it all at once.",
        ),
    },
    "fitness": {
        "user": (
            "What's a good warm-up before a workout?",
            "How many rest days should I take per week?",
            "Can you suggest a short core routine?",
        ),
        "assistant": (
            "Five to ten minutes of light cardio and some dynamic stretches are enough for "
            "most sessions.",
            "One or two rest days a week works for most people; listen to how sore you are.",
            "Try planks, dead bugs and glute bridges, three rounds of forty seconds each.",
        ),
        "follow": ("Is it fine to train when I'm a bit sore?", "Should I stretch after?"),
        "reply": (
            "Light movement is usually fine; skip intense work if the pain is sharp.",
            "Gentle stretching afterwards helps you cool down.",
        ),
    },
    "gardening": {
        "user": (
            "When should I plant {plant} outside?",
            "Why are the leaves on my {plant} turning yellow?",
            "How often should I water {plant} in {season}?",
        ),
        "assistant": (
            "Wait until the last frost has passed and the soil feels warm to the touch.",
            "Yellow leaves often mean too much water or poor drainage; let the soil dry a bit.",
            "Check the top few centimetres of soil and water when it feels dry.",
        ),
        "follow": ("Do they need a lot of sun?", "Should I use fertiliser?"),
        "reply": (
            "Most of them like six hours of sun a day.",
            "A balanced fertiliser every few weeks in the growing season is plenty.",
        ),
    },
    "movies": {
        "user": (
            "Can you recommend a good {movie_genre} film?",
            "What makes a {movie_genre} movie work well?",
        ),
        "assistant": (
            "It depends on your taste, but look for well-reviewed recent titles and a few "
            "older classics of the genre.",
            "Strong pacing and characters you care about matter more than the budget.",
        ),
        "follow": ("Anything suitable for a family night?", "Is it better in a cinema?"),
        "reply": (
            "Check the age rating and pick something with humour for everyone.",
            "Big visual films are worth a cinema trip; dialogue-heavy ones are fine at home.",
        ),
    },
    "finance": {
        "user": (
            "How should I start saving for {money_goal}?",
            "Is it better to pay off debt or save for {money_goal}?",
        ),
        "assistant": (
            "Set a monthly amount, automate the transfer and keep the money in a separate account.",
            "High-interest debt usually comes first, but a small safety buffer is wise.",
        ),
        "follow": ("How much should I put aside each month?", "Any budgeting apps you like?"),
        "reply": (
            "A common rule is to save a fixed share of income and adjust as you go.",
            "A simple spreadsheet works just as well as most apps.",
        ),
    },
    "home": {
        "user": (
            "How do I fix {repair} in the {room}?",
            "Any ideas to make my {room} feel bigger?",
        ),
        "assistant": (
            "Turn off the supply first, look for the worn part, and replace it with a matching "
            "one from a hardware shop.",
            "Light colours, a large mirror and less clutter make a small room feel open.",
        ),
        "follow": ("Should I call a professional?", "What tools will I need?"),
        "reply": (
            "If it involves wiring or gas, yes; small fixes are fine to do yourself.",
            "A screwdriver set, an adjustable wrench and some patience.",
        ),
    },
    "learning": {
        "user": (
            "What's the fastest way to learn {skill}?",
            "How do I stay motivated learning {skill}?",
        ),
        "assistant": (
            "Short daily practice beats long weekly sessions; fifteen minutes a day adds up.",
            "Set small goals you can check off and track your progress each week.",
        ),
        "follow": ("Are online courses worth it?", "How long until I see progress?"),
        "reply": (
            "Good ones are, especially if they include practice with feedback.",
            "Most people notice a difference after a few weeks of steady practice.",
        ),
    },
    "games": {
        "user": (
            "Is {game} good for four players?",
            "What's a good strategy for {game}?",
        ),
        "assistant": (
            "Yes, it plays well with four, although turns take a bit longer.",
            "Focus on a flexible plan early and watch what the other players are collecting.",
        ),
        "follow": ("Is it easy to teach?", "Any expansions worth getting?"),
        "reply": (
            "Most people pick it up after one round.",
            "Try the base game a few times before buying expansions.",
        ),
    },
    "weather": {
        "user": (
            "What should I pack for a weekend away in {season}?",
            "How do I keep my flat cool in {season}?",
        ),
        "assistant": (
            "Layers are your friend: a light jacket, a warm sweater and comfortable shoes.",
            "Close the blinds during the day and air the rooms out at night.",
        ),
        "follow": ("Do I need an umbrella?", "What about a fan?"),
        "reply": (
            "A small travel umbrella never hurts.",
            "A fan near an open window helps move the cooler air inside.",
        ),
    },
}
