// Every job kind of the product, registered by importing its module once here.
import '../codes/code-set-job.ts';
import '../exchange/exchange-jobs.ts';
import '../payments/era-job.ts';
import '../reports/report-export-job.ts';
import '../demo/demo-history-job.ts';
