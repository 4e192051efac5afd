// The suite's side of docs/library.md's side-by-side (benchmarks/peers/sklearn.sh runs it): the same
// work as sklearn_rbm.py with dev.rbmsuite.library. Lines ending in "// timing" only measure;
// sklearn.sh leaves them and comments out of the line count.
import dev.rbmsuite.library.Data;
import dev.rbmsuite.library.Fit;
import dev.rbmsuite.library.RbmModel;
import com.sun.management.OperatingSystemMXBean; // timing
import java.lang.management.ManagementFactory; // timing
import java.nio.file.Path;

public class LibraryRbm {
    public static void main(String[] args) throws Exception {
        double[][] data = Data.read(Path.of("islands.csv"));
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean(); // timing
        long t0 = System.nanoTime(), c0 = os.getProcessCpuTime(); // timing
        RbmModel model = Fit.hidden(20).epochs(200).fit(data);
        System.out.println("fit_seconds " + (System.nanoTime() - t0) / 1e9 + " " + (os.getProcessCpuTime() - c0) / 1e9); // timing
        long t1 = System.nanoTime(), c1 = os.getProcessCpuTime(); // timing
        Fit.hidden(20).epochs(200).fit(data); // timing
        System.out.println("refit_seconds " + (System.nanoTime() - t1) / 1e9 + " " + (os.getProcessCpuTime() - c1) / 1e9); // timing
        double[][] samples = model.sample(1000, 100);
        System.out.println("log-likelihood " + model.logLikelihood(data));
        model.save(Path.of("model"));
    }
}
