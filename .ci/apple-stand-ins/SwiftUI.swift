// A stand-in for SwiftUI: the declarations FlowSwiftUI's view layer uses, as Apple documents them
// (isolation, Sendable-ness of closures, result builders), with no behaviour. CI compiles
// Modules/FlowSwiftUI/SwiftUI against it to check signatures; it checks nothing at run time.
@_exported import Foundation
import Observation

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// A view SwiftUI draws itself: the stand-ins' views have no body.
public protocol _PrimitiveView: View where Body == Never {}
extension _PrimitiveView {
    public var body: Never { fatalError() }
}

public struct EmptyView: _PrimitiveView { nonisolated public init() {} }
public struct TupleView<T>: _PrimitiveView { nonisolated public init(_ value: T) {} }
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView { nonisolated init() {} }
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@available(iOS 17.0, macOS 14.0, *)
@propertyWrapper @dynamicMemberLookup public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }
    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject { fatalError() }
}

public struct Animation: Sendable {
    public static let `default` = Animation()
}

@available(iOS 17.0, macOS 14.0, *)
public struct AnimationCompletionCriteria: Hashable, Sendable {
    public static let logicallyComplete = AnimationCompletionCriteria()
    public static let removed = AnimationCompletionCriteria()
}

@available(iOS 17.0, macOS 14.0, *)
public func withAnimation<Result>(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete, _ body: () throws -> Result,
    completion: @escaping () -> Void
) rethrows -> Result { try body() }

public enum HorizontalAlignment: Sendable { case leading, center, trailing }

public struct Group<Content: View>: _PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct VStack<Content: View>: _PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: _PrimitiveView {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

public struct Text: _PrimitiveView {
    public init<S: StringProtocol>(_ content: S) {}
}

public struct Image: _PrimitiveView {
    public init(_ name: String) {}
}

public struct Label<Title: View, Icon: View>: _PrimitiveView {
    public init<S: StringProtocol>(_ title: S, image name: String) where Title == Text, Icon == Image {}
}

@available(iOS 16.0, macOS 13.0, *)
public struct NavigationStack<Data, Root: View>: _PrimitiveView {
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
}

public struct TabView<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}

public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}

public struct Button<Label: View>: _PrimitiveView {
    @preconcurrency public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) where Label == Text {}
}

public enum Visibility: Hashable, Sendable { case automatic, visible, hidden }

/// A view with a modifier applied.
public struct _Modified<Content: View>: _PrimitiveView {
    init(_ content: Content) {}
}

extension View {
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { _Modified(self) }
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { _Modified(self) }
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { _Modified(self) }
    public func id<ID: Hashable>(_ id: ID) -> some View { _Modified(self) }
    @available(iOS 16.0, macOS 13.0, *)
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        _Modified(self)
    }
    @available(iOS 16.0, macOS 13.0, *)
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { _Modified(self) }
    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use Tab(title:image:value:content:) instead.")
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { _Modified(self) }
    public func tag<V: Hashable>(_ tag: V) -> some View { _Modified(self) }
    public func alert<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { _Modified(self) }
    public func confirmationDialog<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View { _Modified(self) }
}
