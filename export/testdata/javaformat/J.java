// J reads doubles as hex bits, one per line, and prints each line's bits,
// Double.toString and NumberFormat.getInstance(Locale.US) with at most 5
// fraction digits, tab-separated: what MALLET's files hold
// (scripts/java-formats.sh).
import java.io.*;
import java.text.NumberFormat;
import java.util.Locale;
public class J {
  public static void main(String[] a) throws Exception {
    NumberFormat nf = NumberFormat.getInstance(Locale.US);
    nf.setMaximumFractionDigits(5);
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
    String line;
    while ((line = r.readLine()) != null) {
      double x = Double.longBitsToDouble(Long.parseUnsignedLong(line.trim(), 16));
      w.println(line.trim() + "\t" + Double.toString(x) + "\t" + nf.format(x));
    }
    w.flush();
  }
}
