import FlowKernel
import FlowStack

/// A screen that receives its navigator, as SwiftyFlow's screens adopt `StackScreen`.
@MainActor
class NavigatedScreen: StackScreen {
    weak var navigator: (any NavigatorHandle)?
    required init() {}
}

final class InitialModal: NavigatedScreen {}
final class First: NavigatedScreen {}
final class Second: NavigatedScreen {}
final class ThirdModal: NavigatedScreen {}
final class FourthModal: NavigatedScreen {
    var note = ""
}

/// The parameter suite's root takes four values, as the original's did.
final class Initial: NavigatedScreen {
    var values: (String, Double, String, Int)?
    convenience init(_ values: (String, Double, String, Int)) {
        self.init()
        self.values = values
    }
}

/// Takes a name and a number.
final class Profile: NavigatedScreen {
    var name = "", number = 0
    convenience init(name: String, number: Int) {
        self.init()
        self.name = name
        self.number = number
    }
}

final class Third: NavigatedScreen {}
final class Fourth: NavigatedScreen {}

struct FactoryError: Error, CustomStringConvertible {
    var description: String { "the database is locked" }
}
