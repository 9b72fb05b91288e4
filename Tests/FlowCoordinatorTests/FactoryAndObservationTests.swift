import FlowCoordinator
import FlowKernel
import FlowStack
import FlowTestKit
import Observation
import Testing

@MainActor
final class Welcome: Instantiable {
    var greeting = "hello"
    init() {}
}

@MainActor
final class Catalog: Screen {
    let products: [String]
    init(products: [String]) { self.products = products }
}

@Observable @MainActor
final class CatalogModel {
    var loaded = false
    var count = 0
    func loadData() { loaded = true }
}

/// A screen that observes its model, as UIFlow's `UIFlowViewController` test screen does.
@MainActor
final class CatalogScreen: Screen {
    let model: CatalogModel
    let observer = ModelObserver()
    private(set) var dataLoaded = false
    var onLoaded: ((Bool) -> Void)?

    init(model: CatalogModel) { self.model = model }

    func viewDidLoad() {
        observer.observe(model, \.loaded) { [weak self] loaded in
            self?.dataLoaded = loaded
            self?.onLoaded?(loaded)
        }
    }
}

/// UIFlow's `Instantiable` and `UIFlowViewController` specs, with factories and Observation.
@MainActor
@Suite("UIFlow scenarios: factories and observation")
struct FactoryAndObservationTests {
    @Test func anInstantiableScreenIsMadeWithoutRegistration() throws {
        let welcome = try ScreenFactory().make(Welcome.self)
        #expect(welcome.greeting == "hello")
    }

    @Test func aRegisteredFactoryWinsOverInit() throws {
        let factory = ScreenFactory()
        factory.register(Welcome.self) {
            let screen = Welcome()
            screen.greeting = "registered"
            return screen
        }
        factory.register(Catalog.self) { Catalog(products: ["Shoes"]) }
        #expect(try factory.make(Welcome.self).greeting == "registered")
        #expect(try factory.make(Catalog.self).products == ["Shoes"])
    }

    @Test func aScreenWithoutFactoryOrInitIsAnError() {
        let error = #expect(throws: FlowError.self) { try ScreenFactory().make(Catalog.self) }
        #expect(error?.code == .unregisteredScreen)
    }

    @Test func aFailingFactorySaysWhy() {
        struct Offline: Error {}
        let factory = ScreenFactory()
        factory.register(Catalog.self) { throw Offline() }
        let error = #expect(throws: FlowError.self) { try factory.make(Catalog.self) }
        #expect(error?.code == .factoryFailed)
    }

    @Test func theScreenKeepsTheInjectedModel() {
        let model = CatalogModel()
        #expect(CatalogScreen(model: model).model === model)
    }

    @Test func theObservedValueArrivesAtOnceAndAfterEveryChange() async {
        let model = CatalogModel()
        let screen = CatalogScreen(model: model)
        let (values, continuation) = AsyncStream.makeStream(of: Bool.self)
        screen.onLoaded = { continuation.yield($0) }
        var received = values.makeAsyncIterator()

        screen.viewDidLoad()
        #expect(await received.next() == false)
        model.loadData()

        #expect(await received.next() == true)
        #expect(screen.dataLoaded)
    }

    @Test func removedObservationsHearNothingMore() async {
        let model = CatalogModel()
        let stopped = ModelObserver()
        let watching = ModelObserver()
        var heardByStopped: [Int] = []
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        stopped.observe(model, \.count) { heardByStopped.append($0) }
        stopped.removeObservers()
        watching.observe(model, \.count) { continuation.yield($0) }
        var received = values.makeAsyncIterator()
        #expect(await received.next() == 0)

        model.count = 1
        // Deliveries run on the main actor in order, so once the later observer has heard the
        // change, the stopped one has had its chance.
        #expect(await received.next() == 1)

        #expect(heardByStopped == [0])
        #expect(stopped.count == 0)
    }

    @Test func aReleasedObserverStopsObserving() async {
        let model = CatalogModel()
        var heard: [Int] = []
        var observer: ModelObserver? = ModelObserver()
        observer?.observe(model, \.count) { heard.append($0) }
        let watching = ModelObserver()
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        watching.observe(model, \.count) { continuation.yield($0) }
        var received = values.makeAsyncIterator()
        _ = await received.next()

        observer = nil
        model.count = 2
        #expect(await received.next() == 2)

        #expect(heard == [0])
        #expect(observer == nil)
    }

    @Test func pendingChangesCanBeDeliveredAtOnceWithoutWaiting() {
        let model = CatalogModel()
        let observer = ModelObserver()
        var heard: [Int] = []
        observer.observe(model, \.count) { heard.append($0) }

        model.count = 1
        model.count = 2
        observer.deliverPendingChanges()
        #expect(heard == [0, 2])

        model.count = 3
        observer.deliverPendingChanges()
        observer.deliverPendingChanges()
        #expect(heard == [0, 2, 3])
    }

    @Test func aChangeDeliveredAtOnceIsNotDeliveredAgainLater() async {
        let model = CatalogModel()
        let observer = ModelObserver()
        let watching = ModelObserver()
        var heard: [Int] = []
        observer.observe(model, \.count) { heard.append($0) }
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        watching.observe(model, \.count) { continuation.yield($0) }
        var received = values.makeAsyncIterator()
        _ = await received.next()

        model.count = 1
        observer.deliverPendingChanges()
        // The watcher's delivery was scheduled after the observer's, so once it has arrived the
        // observer's scheduled delivery has run too, and found nothing left to deliver.
        #expect(await received.next() == 1)

        #expect(heard == [0, 1])
    }

    @Test func aCoordinatorMakesScreensWithItsFactory() throws {
        let factory = ScreenFactory()
        factory.register(Welcome.self) {
            let screen = Welcome()
            screen.greeting = "hi"
            return screen
        }
        let coordinator = StackCoordinator<Void>("app", factory: factory)
        #expect(try coordinator.screen(Welcome.self).greeting == "hi")
    }
}

/// The factory as the kernel's container, and a coordinator making screens from any container.
@MainActor
@Suite("Screen factory: the container contract")
struct ScreenFactoryContainerTests {
    @Test func aFactoryObeysTheContainerLaws() {
        ContainerLaws.check {
            let factory = ScreenFactory()
            factory.register(ContainerLaws.Plain.self) { ContainerLaws.Plain() }
            factory.register(ContainerLaws.Numbered.self, argument: Int.self) { ContainerLaws.Numbered($0) }
            factory.register(ContainerLaws.Broken.self) { throw ContainerLaws.Failure() }
            return factory
        }
    }

    @Test func anIdentifierNamesOneOfSeveralRegistrationsOfAType() throws {
        let factory = ScreenFactory()
        factory.register(Catalog.self) { Catalog(products: ["Shoes"]) }
        factory.register(Catalog.self, identifier: "sale") { Catalog(products: ["Hat"]) }

        #expect(try factory.resolve(Catalog.self).products == ["Shoes"])
        #expect(try factory.resolve(Catalog.self, identifier: "sale").products == ["Hat"])
        let error = #expect(throws: FlowError.self) { try factory.resolve(Catalog.self, identifier: "winter") }
        #expect(error?.code == .unregisteredScreen)
    }

    @Test func aCoordinatorMakesScreensWithArguments() throws {
        let factory = ScreenFactory()
        factory.register(Catalog.self, argument: [String].self) { Catalog(products: $0) }
        let coordinator = StackCoordinator<Void>("app", factory: factory)

        #expect(try coordinator.screen(Catalog.self, argument: ["Shoes", "Hat"]).products == ["Shoes", "Hat"])
        let error = #expect(throws: FlowError.self) { try coordinator.screen(Catalog.self, argument: 3) }
        #expect(error?.code == .argumentTypeMismatch)
    }

    @Test func aCoordinatorMakesScreensFromAFlowStackRegistry() throws {
        let registry = ScreenRegistry { registry in
            registry.register(Welcome.self) {
                let screen = Welcome()
                screen.greeting = "from the registry"
                return screen
            }
            registry.register(Catalog.self) { Catalog(products: ["Shoes"]) }
        }
        let coordinator = StackCoordinator<Void>("app", factory: registry)

        #expect(try coordinator.screen(Welcome.self).greeting == "from the registry")
        #expect(try coordinator.screen(Catalog.self).products == ["Shoes"])
    }

    @Test func anInstantiableScreenNothingRegistersIsMadeWithInitFromAnyContainer() throws {
        let coordinator = StackCoordinator<Void>("app", factory: ScreenRegistry())

        #expect(try coordinator.screen(Welcome.self).greeting == "hello")
        let error = #expect(throws: FlowError.self) { try coordinator.screen(Catalog.self) }
        #expect(error?.code == .unregisteredScreen)
    }

    @Test func aRegisteredFactoryThatFailsIsNotReplacedByInit() {
        struct Offline: Error {}
        let factory = ScreenFactory()
        factory.register(Welcome.self) { throw Offline() }
        let coordinator = StackCoordinator<Void>("app", factory: factory)

        let error = #expect(throws: FlowError.self) { try coordinator.screen(Welcome.self) }
        #expect(error?.code == .factoryFailed)
    }
}
