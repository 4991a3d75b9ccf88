import AntiPatternsLesson
import CakePattern
import ConcurrencyLesson
import ConstructorInjection
import ContainerLesson
import DependencyValuesLesson
import LessonSupport
import LifetimesLesson
import NoDI
import SetterInjection
import ViperRouter

/// The runnable side of every lesson, for `run`. Add a lesson's demo type here.
enum LessonDemos {
    static var all: [any LessonDemo.Type] {
        [
            NoDIDemo.self,
            ConstructorInjectionDemo.self,
            SetterInjectionDemo.self,
            CakeDemo.self,
            ViperRouterDemo.self,
            ContainerDemo.self,
            DependencyValuesDemo.self,
            AntiPatternsDemo.self,
            LifetimesDemo.self,
            ConcurrencyDemo.self,
        ]
    }

    static func demo(forLesson id: String) -> (any LessonDemo.Type)? {
        all.first { $0.lessonID == id }
    }
}
